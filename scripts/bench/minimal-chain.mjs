// The floor of `pnpm bench:gateway`: the least an Express → grpc-js → PostgreSQL architecture can do per request,
// with the platform's own libraries (Express 5, @grpc/grpc-js, the ts-proto billing contract, pg) and nothing
// else: no auth, validation, logging, metrics or middleware.
//
//   ROLE=backend DATABASE_URL=… DATABASE_SCHEMA=…  a gRPC server whose GetBalance reads one accounts row
//   ROLE=front BACKEND_ADDR=host:port              GET /balance/:workspaceId → GetBalance → JSON
//
// Each prints {"port": N} on its first stdout line once it listens.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const requireFrom = (pkg) => createRequire(fileURLToPath(new URL(`../../${pkg}/package.json`, import.meta.url)));
const grpc = requireFrom('services/gateway')('@grpc/grpc-js');
const { billing } = await import(requireFrom('services/gateway').resolve('@talent/proto'));
const announce = (port) => process.stdout.write(`${JSON.stringify({ port })}\n`);

if (process.env.ROLE === 'backend') {
  const pg = requireFrom('services/billing')('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const sql = `SELECT balance, reserved, updated_at FROM "${process.env.DATABASE_SCHEMA}".accounts WHERE workspace_id = $1`;
  const server = new grpc.Server();
  server.addService(billing.BillingServiceService, {
    getBalance(call, callback) {
      pool.query(sql, [call.request.workspaceId]).then(
        ({ rows: [row] }) => {
          const balance = Number(row.balance);
          const reserved = Number(row.reserved);
          callback(null, { balance, reserved, available: balance - reserved, updatedAt: row.updated_at });
        },
        (error) => callback({ code: grpc.status.INTERNAL, details: error.message }),
      );
    },
  });
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) throw error;
    announce(port);
  });
  process.on('SIGTERM', () => server.tryShutdown(() => pool.end().then(() => process.exit(0))));
} else {
  const express = requireFrom('services/gateway')('express');
  const client = new billing.BillingServiceClient(process.env.BACKEND_ADDR, grpc.credentials.createInsecure());
  const app = express();
  app.get('/balance/:workspaceId', (req, res, next) => {
    client.getBalance({ workspaceId: req.params.workspaceId }, { deadline: Date.now() + 5_000 }, (error, balance) => {
      if (error) return next(error);
      res.json({ data: { balance: balance.balance, reserved: balance.reserved, available: balance.available, updated_at: balance.updatedAt } });
    });
  });
  const server = app.listen(0, '127.0.0.1', () => announce(server.address().port));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
