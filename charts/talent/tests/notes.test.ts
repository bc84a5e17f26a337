// NOTES.txt tells how to reach the gateway and create the first workspace. helm 3.10 renders NOTES only on
// install (which needs a cluster), so the test renders it through `tpl` in a scratch copy of the chart.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KUBE_VERSION, SERVICES, chartDir, helmBin } from './helpers.js';

function renderNotes(args: string[] = []): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'talent-notes-')), 'talent');
  cpSync(chartDir, copy, { recursive: true, filter: (src) => !src.includes('/tests') });
  writeFileSync(join(copy, 'NOTES.preview'), readFileSync(join(chartDir, 'templates', 'NOTES.txt')));
  writeFileSync(
    join(copy, 'templates', 'notes-preview.yaml'),
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  notes: {{ tpl (.Files.Get "NOTES.preview") . | quote }}\n',
  );
  const out = execFileSync(
    helmBin,
    [
      'template',
      'talent',
      copy,
      '-n',
      'talent',
      '--kube-version',
      KUBE_VERSION,
      '--show-only',
      'templates/notes-preview.yaml',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  return parse(out).data.notes as string;
}

describe('NOTES.txt', () => {
  it('tells how to reach the gateway and create the first workspace', () => {
    const notes = renderNotes();
    expect(notes).toContain('kubectl -n talent port-forward svc/talent-gateway 8080:80');
    expect(notes).toContain('kubectl -n talent exec deploy/talent-billing');
    expect(notes).toContain('workspaces create --name');
    expect(notes).toContain('pnpm talentctl workspaces create');
    expect(notes).toContain('Secret "talent-database"');
  });

  it('lists the enabled services (from the chart\'s service catalogue)', () => {
    const listed = (notes: string) => [...notes.matchAll(/^ {2}- (\w+): talent-\1$/gm)].map((m) => m[1]);
    expect(listed(renderNotes())).toEqual([...SERVICES].sort());
    expect(listed(renderNotes(['--set', 'matching.enabled=false']))).toEqual(SERVICES.filter((s) => s !== 'matching').sort());
  });

  it('points at the Ingress host when there is one', () => {
    const notes = renderNotes([
      '--set',
      'gateway.ingress.enabled=true',
      '--set',
      'gateway.ingress.hosts[0].host=api.example.com',
      '--set',
      'gateway.ingress.hosts[0].paths[0].path=/',
      '--set',
      'gateway.ingress.hosts[0].paths[0].pathType=Prefix',
    ]);
    expect(notes).toContain('http://api.example.com/api/v1');
  });
});
