// The baseline of `pnpm bench:gateway`: a bare Express 5 hello-world (the gateway's own Express copy).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../services/gateway/package.json', import.meta.url)));
const express = require('express');
const app = express();
app.get('/hello', (_req, res) => {
  res.json({ message: 'hello' });
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
