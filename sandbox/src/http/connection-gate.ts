import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

/** Bounds of a {@link connectionGate}. */
export interface GateBounds {
  /** Most open connections at once; further ones are closed on arrival. */
  maxConnections: number;
  /** Most connections served at once per client address; as many more may wait. */
  maxConnectionsPerAddress: number;
  /** Longest wait of a connection over its address's cap, ms; then it is closed. */
  maxWaitMs: number;
}

/** One client address: the connections handed to the HTTP server, and those waiting, oldest first. */
interface Client {
  served: Set<Socket>;
  waiting: Socket[];
}

/**
 * A TCP listener in front of `http`: it accepts connections unread (`pauseOnConnect`) and hands each to the HTTP
 * server only while its client address has fewer than `maxConnectionsPerAddress` served connections, so that one
 * client's slow or trickling sockets cannot use up the server for everyone else. A connection over that cap waits,
 * unread, until one of its address's connections closes (at most as many wait as are served, and each at most
 * `maxWaitMs`; further or older ones are closed). While an address has connections waiting, its answers say
 * `Connection: close`, so a client being served makes way at once (HTTP clients such as Node's fetch open new
 * connections while idle ones linger). What it keeps lives only while connections are open.
 * @returns the listener: listen, read `address()` and close it instead of `http`.
 */
export function connectionGate(http: HttpServer, bounds: GateBounds): Server {
  const clients = new Map<string, Client>();
  const serve = (client: Client, address: string, socket: Socket) => {
    client.served.add(socket);
    socket.once('close', () => {
      client.served.delete(socket);
      const next = client.waiting.shift();
      if (next) serve(client, address, next);
      else if (!client.served.size && clients.get(address) === client) clients.delete(address);
    });
    http.emit('connection', socket);
    socket.resume();
  };
  const wait = (client: Client, socket: Socket) => {
    client.waiting.push(socket);
    const timer = setTimeout(() => socket.destroy(), bounds.maxWaitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      const at = client.waiting.indexOf(socket); // -1 once served
      if (at >= 0) client.waiting.splice(at, 1);
    });
    socket.once('resume', () => clearTimeout(timer));
  };
  const gate = createServer({ pauseOnConnect: true }, (socket) => {
    socket.on('error', () => {});
    const address = socket.remoteAddress ?? '';
    const client = clients.get(address) ?? { served: new Set<Socket>(), waiting: [] };
    clients.set(address, client);
    if (client.served.size < bounds.maxConnectionsPerAddress) serve(client, address, socket);
    else if (client.waiting.length < bounds.maxConnectionsPerAddress) wait(client, socket);
    else socket.destroy();
  });
  gate.maxConnections = bounds.maxConnections;
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (clients.get(req.socket.remoteAddress ?? '')?.waiting.length) res.shouldKeepAlive = false;
  });
  return gate;
}
