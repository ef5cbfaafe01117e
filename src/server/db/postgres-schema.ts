import {
  OperationNodeTransformer,
  type ColumnDefinitionNode,
  type CreateTableNode,
  type DataTypeNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * The migrations are written once, in the types SQLite reads. SQLite's integer holds 64 bits (epoch
 * milliseconds among them) and its real is a double: on PostgreSQL they are bigint and double
 * precision, and an autoincrement key is an identity column.
 */
const POSTGRES_TYPES: Record<string, DataTypeNode['dataType']> = {
  integer: 'bigint',
  real: 'double precision',
  blob: 'bytea',
};

const isWithoutRowid = (node: OperationNode) =>
  node.kind === 'RawNode' && (node as unknown as { sqlFragments: string[] }).sqlFragments.join('').trim() === 'without rowid';

class PostgresSchemaTransformer extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    const replaced = typeof node.dataType === 'string' ? POSTGRES_TYPES[node.dataType] : undefined;
    return replaced === undefined ? node : { ...node, dataType: replaced };
  }

  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (!column.autoIncrement) return column;
    return { ...column, autoIncrement: false, generated: { kind: 'GeneratedNode', byDefault: true, identity: true } };
  }

  // SQLite's storage hint has no meaning (and no syntax) on PostgreSQL.
  protected override transformCreateTable(node: CreateTableNode): CreateTableNode {
    const table = super.transformCreateTable(node);
    const endModifiers = table.endModifiers?.filter((modifier) => !isWithoutRowid(modifier));
    return { ...table, endModifiers };
  }
}

/** Turns the migrations' SQLite column types into PostgreSQL's; used only when migrating a PostgreSQL database. */
export class PostgresSchemaPlugin implements KyselyPlugin {
  readonly #transformer = new PostgresSchemaTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
