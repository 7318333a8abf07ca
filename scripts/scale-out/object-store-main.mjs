// The S3-protocol server of the scale-out test and the soak, as a process of its own (so it
// can be killed and started again like a real object store): s3rver on 127.0.0.1 with the
// bucket made. Objects are files under DIRECTORY, and survive a restart.
//   node object-store-main.mjs DIRECTORY PORT BUCKET
import S3rver from 's3rver';

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
await server.run();
process.stdout.write(`s3rver listening on 127.0.0.1:${port}, bucket ${bucket}\n`);
