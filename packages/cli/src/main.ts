import { TalentApiError } from '@talent/client';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { analyzeCommand, creditsCommand, matchCommand } from './commands.js';
import { connect, type ConnectionOptions } from './config.js';
import { readEnv } from './env.js';
import { EXIT, exitCodeOf } from './exit-codes.js';

const EXIT_CODES_HELP = `
Environment: TALENT_URL, TALENT_API_KEY (or a config file: --config, TALENT_CONFIG, or
~/.config/talent/config.json holding {"url": "...", "apiKey": "..."}). Flags win over the environment,
which wins over the file.

Exit codes: 0 all done; 1 some files failed (listed at the end); 2 usage; 3 authentication (401);
4 insufficient credits (402); 5 other errors (API unreachable, 5xx after retries).`;

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer.');
  return n;
}

const env = readEnv();
const program = new Command('talent')
  .description('Batch CLI of the Talent Matching API: analyze folders of CVs and jobs, match, check credits.')
  .option('--url <url>', 'API root, e.g. https://talent.example.com/api/v1 (default: TALENT_URL)')
  .option('--api-key <key>', 'workspace API key (default: TALENT_API_KEY)')
  .option('--config <file>', 'JSON config file with "url" and "apiKey"')
  .addHelpText('after', EXIT_CODES_HELP)
  .exitOverride()
  .showHelpAfterError();

/** Runs a command with a connected client; maps errors to the documented exit codes. */
function action<A extends unknown[]>(run: (client: ReturnType<typeof connect>, ...args: A) => Promise<number>) {
  return async (...args: A) => {
    const client = connect(program.opts<ConnectionOptions>(), env, (message) => process.stderr.write(`${message}\n`));
    process.exitCode = await run(client, ...args);
  };
}

const timeoutOption = () => new Option('--timeout <seconds>', 'longest wait for one batch of analyses').argParser(positiveInt).default(600);

program
  .command('analyze')
  .description('Analyze CVs (.txt, .md, .pdf, .doc, .docx files or folders); a rerun skips files already analyzed.')
  .argument('<paths...>', 'files or folders (searched recursively)')
  .option('-o, --out <file>', 'results file: .jsonl (one record per line) or .csv; state kept in <file>.state.jsonl')
  .addOption(timeoutOption())
  .addHelpText('after', '\nExample: talent analyze ./cvs --out results.jsonl')
  .action(action((client, paths: string[], options: { out?: string; timeout: number }) => analyzeCommand(client, 'cvs', paths, { out: options.out, timeout: options.timeout * 1000 })));

const jobs = program.command('jobs').description('Job descriptions.');
jobs
  .command('analyze')
  .description('Analyze job descriptions (files or folders); a rerun skips files already analyzed.')
  .argument('<paths...>', 'files or folders (searched recursively)')
  .option('-o, --out <file>', 'results file: .jsonl or .csv; state kept in <file>.state.jsonl')
  .addOption(timeoutOption())
  .action(action((client, paths: string[], options: { out?: string; timeout: number }) => analyzeCommand(client, 'jobs', paths, { out: options.out, timeout: options.timeout * 1000 })));

program
  .command('match')
  .description('Rank CVs against a job: analyzes what is not analyzed yet (free when it was), then matches.')
  .requiredOption('--job <id|file>', 'a job id, or a job description file to analyze first')
  .argument('<paths...>', 'CV files or folders')
  .addOption(new Option('--top <n>', 'how many candidates to show').argParser(positiveInt).default(20))
  .addOption(new Option('--format <format>', 'output format').choices(['table', 'csv', 'json']).default('table'))
  .addOption(timeoutOption())
  .addHelpText('after', '\nExample: talent match --job job.txt ./cvs --top 20 --format csv')
  .action(
    action((client, paths: string[], options: { job: string; top: number; format: 'table' | 'csv' | 'json'; timeout: number }) =>
      matchCommand(client, paths, { ...options, timeout: options.timeout * 1000 }),
    ),
  );

program
  .command('credits')
  .description("Show the workspace's token balance.")
  .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
  .action(action((client, options: { format: 'table' | 'json' }) => creditsCommand(client, options)));

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are not errors; every other parse error is bad usage.
    process.exitCode = error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
  } else {
    const code = exitCodeOf(error);
    const detail = error instanceof TalentApiError && error.requestId ? ` (request ${error.requestId})` : '';
    process.stderr.write(`talent: ${(error as Error).message}${detail}\n`);
    process.exitCode = code;
  }
}
