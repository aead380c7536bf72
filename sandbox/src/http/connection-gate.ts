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

/** How many connections a client holds, served and waiting. */
const held = (c: Client) => c.served.size + c.waiting.length;

/**
 * Whether a new connection of `client` may stay under the global bound `max`: yes while fewer than `max` are open;
 * when full, yes if its address holds less than its share (`max` over the addresses present, counting its own),
 * and then the newest connection of the address holding the most (its waiting ones first) is closed to make room.
 * So sockets from many addresses can fill the server only until another address arrives: each keeps its share.
 */
function makeRoom(clients: Map<string, Client>, client: Client, max: number): boolean {
  let total = 0;
  let largest: Client | undefined;
  for (const c of clients.values()) {
    total += held(c);
    if (!largest || held(c) > held(largest)) largest = c;
  }
  if (total < max) return true;
  const share = Math.max(1, Math.floor(max / clients.size));
  if (held(client) >= share || !largest || largest === client || held(largest) <= held(client) + 1) return false;
  const victim = largest.waiting.at(-1) ?? [...largest.served].at(-1);
  victim?.destroy();
  return victim !== undefined;
}

/**
 * A TCP listener in front of `http`: it accepts connections unread (`pauseOnConnect`) and hands each to the HTTP
 * server only while its client address has fewer than `maxConnectionsPerAddress` served connections, so that one
 * client's slow or trickling sockets cannot use up the server for everyone else. A connection over that cap waits,
 * unread, until one of its address's connections closes (at most as many wait as are served, and each at most
 * `maxWaitMs`; further or older ones are closed). While an address has connections waiting, its answers say
 * `Connection: close`, so a client being served makes way at once (HTTP clients such as Node's fetch open new
 * connections while idle ones linger). At most `maxConnections` are open in all; when full, a newcomer whose address
 * holds less than its share makes the address holding the most give up its newest connection ({@link makeRoom}),
 * so slow sockets from many addresses cannot keep another one out; the HTTP server's headers time-out closes a
 * socket that trickles its headers. What it keeps lives only while connections are open.
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
    if (!makeRoom(clients, client, bounds.maxConnections)) {
      socket.destroy();
      if (!client.served.size && !client.waiting.length) clients.delete(address);
      return;
    }
    if (client.served.size < bounds.maxConnectionsPerAddress) serve(client, address, socket);
    else if (client.waiting.length < bounds.maxConnectionsPerAddress) wait(client, socket);
    else socket.destroy();
  });
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (clients.get(req.socket.remoteAddress ?? '')?.waiting.length) res.shouldKeepAlive = false;
  });
  return gate;
}
