import { testDatabaseUrl, testNatsUrl, uniqueName, dropNatsNamespace, dropSchema } from './infra.js';
import { BACKENDS, startProcessStack, type ProcessStack, type StackOptions } from './stack.js';

export interface BenchStack {
  stack: ProcessStack;
  /** Schema prefix and NATS namespace of this run. */
  prefix: string;
  /** Stops the processes and drops what the run created (schemas, NATS streams). */
  stop(): Promise<void>;
}

/**
 * The whole platform for a benchmark or eval script: production mode, its own schemas and NATS namespace, no
 * per-workspace rate limit (the load is the point), and only error lines echoed.
 */
export async function startBenchStack(
  name: string,
  options: { env?: NodeJS.ProcessEnv; serviceEnv?: StackOptions['serviceEnv']; onLine?: StackOptions['onLine'] } = {},
): Promise<BenchStack> {
  const prefix = uniqueName(name);
  const stack = await startProcessStack({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: testDatabaseUrl(),
      NATS_URL: testNatsUrl(),
      NATS_NAMESPACE: prefix,
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...options.env,
    },
    schemaFor: (service) => `${prefix}_${service}`,
    ...(options.serviceEnv ? { serviceEnv: options.serviceEnv } : {}),
    onLine:
      options.onLine ??
      ((service, line) => {
        if (/"level":"(error|fatal)"/.test(line)) console.error(`${service}: ${line}`);
      }),
  });
  return {
    stack,
    prefix,
    async stop() {
      await stack.stop();
      for (const service of BACKENDS) await dropSchema(`${prefix}_${service}`);
      await dropNatsNamespace(prefix);
    },
  };
}
