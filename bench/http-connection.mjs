// A lean keep-alive HTTP/1.1 client for the throughput phases: one request at a time per
// connection, bytes written by hand, responses read by Content-Length. node:http's client costs
// about as much CPU per call as the API's own JSON handling, and the load generator shares the
// machine with what it measures (pgbench's C client costs next to nothing), so it must be cheap.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

export class HttpConnection {
  /** @param {number} port on 127.0.0.1 */
  static open(port) {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
      socket.once('connect', () => resolve(new HttpConnection(socket, port)));
      socket.once('error', reject);
    });
  }

  constructor(socket, port) {
    this.socket = socket;
    this.host = `127.0.0.1:${port}`;
    this.buffer = Buffer.alloc(0);
    this.pending = null;
    socket.on('data', (chunk) => this.onData(chunk));
    const fail = (err) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(err ?? new Error('connection closed'));
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} headers
   * @param {string | undefined} body JSON text
   * @returns {Promise<{ status: number, body: string }>}
   */
  request(method, path, headers, body) {
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'));
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.host}\r\nConnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(body === undefined ? `${head}\r\n` : `${head}\r\n${body}`);
    });
  }

  onData(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0 || !this.pending) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.socket.destroy(new Error(`response without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + HEADER_END.length + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.toString('utf8', end + HEADER_END.length, total);
    this.buffer = this.buffer.subarray(total);
    const { resolve } = this.pending;
    this.pending = null;
    resolve({ status, body });
  }

  close() {
    this.socket.destroy();
  }
}
