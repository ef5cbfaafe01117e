import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** Enough for any real chain's handshake; bytes beyond it are passed on but not kept. */
const RECORD_MAX_BYTES = 256 * 1024;

/**
 * A stream over a connected socket that keeps a copy of what the peer sent at the start. TLS over
 * it runs through JavaScript (not straight on the socket's handle), which is what lets the checker
 * read the server's Certificate message as it was sent.
 * Used by the SSL chain checker on the server and in the agent.
 */
export class RecordingSocket extends Duplex {
  private readonly chunks: Buffer[] = [];
  private recordedBytes = 0;

  constructor(private readonly socket: Socket) {
    super();
    socket.on('data', (chunk: Buffer) => {
      if (this.recordedBytes < RECORD_MAX_BYTES) {
        this.chunks.push(chunk);
        this.recordedBytes += chunk.length;
      }
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  /** What the peer sent so far (up to the kept maximum). */
  received(): Buffer {
    return Buffer.concat(this.chunks);
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.socket.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}
