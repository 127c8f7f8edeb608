// The ceiling of gRPC on this machine: bare node:http2 answering every unary call with the same
// pre-encoded T answer and every streaming call with the same 103 messages, no A2A work at all.
// Prints `{ grpcPort }`. Serves bench/grpc.mjs.
import { createServer, constants } from 'node:http2';

const { HTTP2_HEADER_STATUS, HTTP2_HEADER_CONTENT_TYPE } = constants;
const answer = Buffer.from(process.argv[2], 'base64');
const events = JSON.parse(process.argv[3]).map((b) => Buffer.from(b, 'base64'));
const frame = (m) => {
  const f = Buffer.alloc(5 + m.length);
  f.writeUInt32BE(m.length, 1);
  m.copy(f, 5);
  return f;
};
const unaryBody = frame(answer);
const streamBody = Buffer.concat(events.map(frame));
const server = createServer();
server.on('stream', (stream, headers) => {
  stream.resume();
  stream.on('end', () => {
    stream.respond({ [HTTP2_HEADER_STATUS]: 200, [HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc' }, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
    stream.end(headers[':path'].endsWith('SendStreamingMessage') ? streamBody : unaryBody);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ grpcPort: server.address().port })));
process.on('SIGINT', () => process.exit(0));
