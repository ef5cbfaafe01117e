/**
 * The chunks a cold start needs first, named by the build in the page (a JSON data block, which the
 * CSP allows as it never runs): the picture painter asks for them as the page is parsed, before the
 * entry's code has run and asked for them itself (the same modulepreload links, so nothing loads twice).
 */
export const FIRST_CHUNKS_ELEMENT_ID = 'vigil-first-chunks';

export interface FirstChunks {
  /** Each language's start texts. */
  texts: Record<string, string>;
  /** The task list's code and, by language, its texts: asked for when a picture of a list is painted. */
  list: { code: string; texts: Record<string, string> };
}
