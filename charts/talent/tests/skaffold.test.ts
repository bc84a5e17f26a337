/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests and parsed YAML are untyped JSON */
// skaffold.yaml, the Dockerfiles and the chart must agree: every service folder has an image, an artifact,
// a values key and a template; every artifact's image is consumed by the chart. The backends share one
// Dockerfile (services/backend.Dockerfile, build argument SERVICE); the gateway has its own.
import { Ajv } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  PLATFORM_SERVICES,
  SERVICES,
  chartDir,
  find,
  render,
  repoRoot,
  serviceFolders,
  sharedSchemasDir,
  validateObject,
} from './helpers.js';

const skaffold = parse(readFileSync(join(repoRoot, 'skaffold.yaml'), 'utf8'));
const values = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
const schemaFile = join(sharedSchemasDir, 'v4beta13.json');

interface Artifact {
  image: string;
  context?: string;
  docker?: { dockerfile?: string; target?: string; buildArgs?: Record<string, string> };
  sync?: any;
}

const BACKEND_DOCKERFILE = 'services/backend.Dockerfile';

/** How a service's image is built: the shared backend Dockerfile with SERVICE=<name>, or the gateway's own. */
function imageBuild(svc: string): { dockerfile: string; buildArgs?: Record<string, string> } {
  const spec = PLATFORM_SERVICES.find((s) => s.name === svc);
  return spec?.protocol === 'grpc'
    ? { dockerfile: BACKEND_DOCKERFILE, buildArgs: { SERVICE: svc } }
    : { dockerfile: `services/${svc}/Dockerfile` };
}

/** A service's Dockerfile as Docker reads it for that service: its build argument substituted. */
function dockerfileText(svc: string): string {
  const { dockerfile, buildArgs = {} } = imageBuild(svc);
  let text = readFileSync(join(repoRoot, dockerfile), 'utf8');
  for (const [name, value] of Object.entries(buildArgs)) text = text.replaceAll(`\${${name}}`, value);
  return text;
}
interface Release {
  name: string;
  chartPath?: string;
  setValues?: Record<string, unknown>;
  setValueTemplates?: Record<string, string>;
  dependsOn?: string[];
  wait?: boolean;
}

/** Every (profile, build, deploy, portForward) combination skaffold can run: the base config and each profile. */
const pipelines = [
  { name: 'base', build: skaffold.build, deploy: skaffold.deploy, portForward: skaffold.portForward },
  ...(skaffold.profiles ?? []).map((p: any) => ({
    name: p.name,
    build: p.build ?? skaffold.build,
    deploy: p.deploy ?? skaffold.deploy,
    portForward: p.portForward ?? skaffold.portForward,
  })),
];

/** What skaffold substitutes into setValueTemplates after a build. */
function fakeImageEnv(template: string): string {
  return template
    .replace(/\{\{\s*\.IMAGE_REPO_(\w+)\s*\}\}/g, (_m, img) => `registry.example.com/${img}`)
    .replace(/\{\{\s*\.IMAGE_TAG_(\w+)\s*\}\}/g, () => 'abc1234')
    .replace(/\{\{\s*\.IMAGE_DIGEST_(\w+)\s*\}\}/g, () => `sha256:${'c'.repeat(64)}`);
}

describe('skaffold.yaml', () => {
  it('validates against the official skaffold/v4beta13 schema', (ctx) => {
    expect(skaffold.apiVersion).toBe('skaffold/v4beta13');
    if (!existsSync(schemaFile)) {
      console.warn(
        `SKIPPED: skaffold schema not found at ${schemaFile} (expected ../shared/schemas/skaffold beside the repository)`,
      );
      ctx.skip();
      return;
    }
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
    const ok = validate(skaffold);
    expect(ok, ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
  });

  it('has dev (activated by `skaffold dev`) and prod profiles', () => {
    const names = skaffold.profiles.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['dev', 'prod']));
    expect(skaffold.profiles.find((p: any) => p.name === 'dev').activation).toContainEqual({ command: 'dev' });
  });

  describe.each(pipelines)('pipeline $name', ({ name, build, deploy, portForward }) => {
    const artifacts: Artifact[] = build.artifacts;
    const releases: Release[] = deploy.helm.releases;

    it('tags images with the git commit', () => {
      expect(build.tagPolicy).toEqual({ gitCommit: {} });
    });

    it('builds exactly one artifact per service folder, from the repository root with the service Dockerfile', () => {
      expect(artifacts.map((a) => a.image).sort()).toEqual(serviceFolders());
      for (const a of artifacts) {
        expect(a.context).toBe('.');
        const { dockerfile, buildArgs } = imageBuild(a.image);
        expect(a.docker?.dockerfile, a.image).toBe(dockerfile);
        expect(a.docker?.buildArgs, `${a.image} build arguments`).toEqual(buildArgs);
        expect(existsSync(join(repoRoot, a.docker!.dockerfile!)), a.docker!.dockerfile).toBe(true);
        if (a.docker?.target) {
          const dockerfile = readFileSync(join(repoRoot, a.docker.dockerfile!), 'utf8');
          expect(dockerfile, `stage ${a.docker.target}`).toMatch(new RegExp(`^FROM .+ AS ${a.docker.target}$`, 'm'));
        }
      }
    });

    it('deploys charts/talent and feeds every artifact into the chart image values', () => {
      const platform = releases.filter((r) => r.setValueTemplates);
      expect(platform.length).toBe(1);
      const release = platform[0]!;
      expect(release.chartPath).toBe('charts/talent');
      for (const a of artifacts) {
        const key = a.image.replace(/[^A-Za-z0-9]/g, '_');
        expect(release.setValueTemplates![`${a.image}.image.repository`]).toBe(`{{.IMAGE_REPO_${key}}}`);
        expect(release.setValueTemplates![`${a.image}.image.tag`]).toBe(
          `{{.IMAGE_TAG_${key}}}@{{.IMAGE_DIGEST_${key}}}`,
        );
        expect(values[a.image]?.image, `values.yaml has ${a.image}.image`).toBeDefined();
      }
    });

    it('every Helm release renders with its values and the built images', async () => {
      for (const release of releases) {
        for (const dep of release.dependsOn ?? []) expect(releases.map((r) => r.name)).toContain(dep);
        const set: Record<string, string> = {};
        for (const [k, v] of Object.entries(release.setValues ?? {})) set[k] = String(v);
        for (const [k, v] of Object.entries(release.setValueTemplates ?? {})) set[k] = fakeImageEnv(v);
        const objs = render({}, { release: release.name, set });
        for (const o of objs) await validateObject(o);
        for (const [k, v] of Object.entries(release.setValueTemplates ?? {})) {
          if (!k.endsWith('.image.repository')) continue;
          const svc = k.split('.')[0]!;
          const d = find(objs, 'Deployment', `${release.name}-${svc}`);
          expect(d, `${release.name}: Deployment of ${svc}`).toBeDefined();
          expect(d!.spec.template.spec.containers[0].image).toBe(`${fakeImageEnv(v)}:abc1234@sha256:${'c'.repeat(64)}`);
        }
      }
    });

    it('port-forwards the gateway Service of the platform release', () => {
      const release = releases.find((r) => r.setValueTemplates)!;
      const objs = render(
        {},
        {
          release: release.name,
          set: Object.fromEntries(Object.entries(release.setValues ?? {}).map(([k, v]) => [k, String(v)])),
        },
      );
      const fwd = (portForward ?? []).find((p: any) => p.resourceName === `${release.name}-gateway`);
      expect(fwd, 'portForward to the gateway').toBeDefined();
      expect(fwd.resourceType.toLowerCase()).toBe('service');
      const svc = find(objs, 'Service', fwd.resourceName);
      expect(svc, `Service ${fwd.resourceName}`).toBeDefined();
      expect(svc!.spec.ports.map((p: any) => p.port)).toContain(fwd.port);
    });

    if (name === 'dev') {
      it('dev: syncs TypeScript sources into the dev image, runs the in-cluster PostgreSQL and NATS first', () => {
        for (const a of artifacts) {
          expect(a.docker?.target).toBe('dev');
          expect(a.sync.manual.map((r: any) => r.src)).toContain(`services/${a.image}/src/**/*.ts`);
        }
        const infra = releases.find((r) => r.setValues?.['devInfra.enabled'] === true)!;
        const app = releases.find((r) => r.setValueTemplates)!;
        expect(infra.wait).toBe(true);
        expect(app.dependsOn).toContain(infra.name);
        const infraObjs = render(
          {},
          {
            release: infra.name,
            set: Object.fromEntries(Object.entries(infra.setValues!).map(([k, v]) => [k, String(v)])),
          },
        );
        const pg = find(infraObjs, 'Service', `${infra.name}-postgres`);
        const nats = find(infraObjs, 'Service', `${infra.name}-nats`);
        expect(pg && nats, 'in-cluster PostgreSQL and NATS Services').toBeTruthy();
        expect(String(app.setValues!['database.url'])).toContain(`@${infra.name}-postgres:5432/`);
        expect(app.setValues!['nats.url']).toBe(`nats://${infra.name}-nats:4222`);
        expect(app.setValues!.logLevel).toBe('debug');
        for (const s of SERVICES) expect(app.setValues![`${s}.replicaCount`], s).toBe(1);
      });
    }
  });
});

describe('every service is packaged', () => {
  const templates = join(chartDir, 'templates');
  it.each(serviceFolders())(
    'services/%s has a Dockerfile, a skaffold artifact, a values key and a chart template',
    (svc) => {
      const { dockerfile } = imageBuild(svc);
      expect(existsSync(join(repoRoot, dockerfile)), dockerfile).toBe(true);
      for (const p of pipelines)
        expect(
          p.build.artifacts.map((a: Artifact) => a.image),
          `artifact in ${p.name}`,
        ).toContain(svc);
      expect(values[svc], `values.yaml key ${svc}`).toMatchObject({ enabled: true, image: expect.any(Object) });
      const template = join(templates, `${svc}.yaml`);
      expect(existsSync(template), `charts/talent/templates/${svc}.yaml`).toBe(true);
      expect(readFileSync(template, 'utf8')).toContain(`.Values.${svc}.enabled`);
      expect(
        (SERVICES as readonly string[]).includes(svc),
        `${svc} is missing from the chart tests' service catalogue`,
      ).toBe(true);
    },
  );

  it('the chart packages no service without a folder', () => {
    expect([...SERVICES].sort()).toEqual(serviceFolders());
  });

  it.each(serviceFolders())(
    'the image of %s: multi-stage, pnpm deploy --prod, non-root, production, health check',
    (svc) => {
      const text = dockerfileText(svc);
      expect(text.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/npm install --global [^\n]*pnpm@10/);
      expect(text).toMatch(new RegExp(`pnpm deploy --legacy --filter @talent/${svc} --prod /out`));
      expect(text).toMatch(/pnpm install --offline --frozen-lockfile/);
      const runtime = text.slice(text.lastIndexOf('\nFROM '));
      expect(runtime, 'the last stage is the runtime image').toMatch(/AS runtime/);
      expect(runtime).toMatch(/NODE_ENV=production/);
      expect(runtime).toMatch(/^USER 1000:1000$/m);
      expect(runtime).toMatch(/^HEALTHCHECK /m);
      expect(runtime).toMatch(/^CMD \["node", "dist\/main.js"\]$/m);
      expect(runtime).not.toMatch(/pnpm (install|add)|npm install/);
      if (svc !== 'gateway') {
        expect(text).toMatch(/prisma generate/);
        expect(text).toMatch(/test -f \/out\/dist\/migrate.js/);
        expect(text).toMatch(/test -d \/out\/prisma\/migrations/);
      }
      const stages = new Set([...text.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]));
      const bases = [...text.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!).filter((image) => !stages.has(image));
      expect(bases.length).toBeGreaterThan(0);
      for (const image of bases) expect(image, 'base images are pinned').not.toMatch(/:latest$|^[^:]+$/);
    },
  );

  it('.dockerignore keeps host node_modules and build output out of the context', () => {
    const lines = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const p of ['**/node_modules', '**/dist', '.git', 'services/*/src/generated']) expect(lines).toContain(p);
  });

  it('the backend Dockerfile names no service: SERVICE, a required build argument, does', () => {
    const text = readFileSync(join(repoRoot, BACKEND_DOCKERFILE), 'utf8');
    const instructions = text.split('\n').filter((line) => !line.startsWith('#'));
    for (const svc of SERVICES) expect(instructions.join('\n'), svc).not.toMatch(new RegExp(`\\b${svc}\\b`));
    // declared in every stage that uses it (an ARG ends with its stage)
    const stages = text.split(/^FROM /m).slice(1);
    for (const stage of stages.filter((s) => s.includes('${SERVICE}'))) expect(stage).toMatch(/^ARG SERVICE$/m);
    expect(text).toMatch(/--build-arg SERVICE=.* is required/);
  });
});
