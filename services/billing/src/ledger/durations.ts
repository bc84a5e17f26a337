/** `30d`, `12h`, `90m`, `45s` or a bare number of seconds → seconds; `0` means "never". */
export function parseDurationSeconds(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`not a duration (e.g. 30d, 12h, 90m, 45s): ${value}`);
  const unit = (match[2] || 's') as 's' | 'm' | 'h' | 'd';
  return Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[unit];
}
