import cliProgress from 'cli-progress';

export interface Progress {
  advance(failed: boolean): void;
  log(message: string): void;
  stop(): void;
}

/**
 * A bar with counts, rate and ETA on a terminal; plain lines (at most one every 2 s, and the last) otherwise, so
 * logs and CI output stay readable.
 */
export function startProgress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let value = 0;
  let failed = 0;
  const started = Date.now();
  const rate = () => value / Math.max(0.001, (Date.now() - started) / 1000);
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `${label} {bar} {value}/{total} | {rate}/s | ETA {eta_formatted} | failed {failed}`,
        etaBuffer: 50,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { rate: '0.0', failed: 0 });
    // Ctrl-C: give the terminal its cursor back (what is done is already recorded).
    const interrupted = () => {
      bar.stop();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    return {
      advance(isFailure) {
        value += 1;
        if (isFailure) failed += 1;
        bar.update(value, { rate: rate().toFixed(1), failed });
      },
      log(message) {
        stream.write(`\r\x1b[K${message}\n`);
        bar.render();
      },
      stop() {
        process.off('SIGINT', interrupted);
        bar.stop();
      },
    };
  }
  let lastLine = 0;
  const line = () => {
    lastLine = Date.now();
    stream.write(`${label}: ${value}/${total} done, ${failed} failed, ${rate().toFixed(1)}/s\n`);
  };
  return {
    advance(isFailure) {
      value += 1;
      if (isFailure) failed += 1;
      if (value === total || Date.now() - lastLine >= 2_000) line();
    },
    log: (message) => stream.write(`${message}\n`),
    stop() {
      if (value !== total) line();
    },
  };
}
