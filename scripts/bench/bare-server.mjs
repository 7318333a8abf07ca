// The ceiling of this machine: a bare node:http server that answers every request with the
// bytes (status, headers and body) the real server gave for /api/user/passport, and does no
// other work. Started by the benchmark: node bare-server.mjs PORT RESPONSE_JSON_FILE
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, responseFile] = process.argv.slice(2);
const { status, headers, body } = JSON.parse(readFileSync(responseFile, 'utf8'));
const payload = Buffer.from(body);

const server = createServer((request, response) => {
  // Drain the request body like a real server does before answering.
  request.resume();
  request.on('end', () => {
    response.writeHead(status, { ...headers, 'content-length': payload.length });
    response.end(payload);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
