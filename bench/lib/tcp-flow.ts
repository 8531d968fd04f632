// One TCP transfer between two network namespaces, for bench/vpn.bench.ts (run with
// `ip netns exec <ns> node --import tsx bench/lib/tcp-flow.ts …`):
//   sink <address> <port>                  prints `listening`, takes one connection, then prints
//                                          {"bytes":…,"seconds":…} (first byte to the last) and exits
//   source <address> <port> <bytes> <from> sends <bytes> from the local address <from> and exits
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

const [mode, address = '', port = '0', bytes = '0', from] = process.argv.slice(2);
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);

if (mode === 'sink') {
  const server = createServer((socket) => {
    let received = 0;
    let first = 0;
    socket.on('data', (chunk: Buffer) => {
      if (received === 0) first = performance.now();
      received += chunk.length;
    });
    socket.on('end', () => {
      const seconds = (performance.now() - first) / 1000;
      console.log(JSON.stringify({ bytes: received, seconds }));
      socket.end();
      server.close();
    });
  });
  server.listen(Number(port), address, () => console.log('listening'));
} else if (mode === 'source') {
  const socket = connect({ host: address, port: Number(port), localAddress: from });
  await once(socket, 'connect');
  let left = Number(bytes);
  while (left > 0) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    left -= chunk.length;
    if (!socket.write(chunk)) await once(socket, 'drain');
  }
  socket.end();
  await once(socket, 'close');
} else {
  console.error(
    'usage: tcp-flow.ts sink <address> <port> | source <address> <port> <bytes> <from>',
  );
  process.exit(2);
}
