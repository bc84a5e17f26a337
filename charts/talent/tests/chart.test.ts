/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests and parsed YAML are untyped JSON */
// Renders charts/talent with `helm template` for the value sets of issue 5 and asserts on the objects.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_SERVICES,
  PEERS,
  SERVICES,
  find,
  helmTemplateRaw,
  isHook,
  lint,
  ofKind,
  podSpec,
  render,
  selects,
  validateObject,
  type K8sObject,
} from './helpers.js';

const INLINE_DB = { database: { existingSecret: '', url: 'postgresql://talent:pw@pg:5432/talent' } };

const allServices = (v: Record<string, unknown>) => Object.fromEntries(SERVICES.map((s) => [s, v]));

/** Every optional feature on (documents scales with KEDA, the others with HPAs). */
const EVERYTHING = {
  commonLabels: { team: 'platform' },
  imagePullSecrets: [{ name: 'regcred' }],
  ...INLINE_DB,
  nats: { existingSecret: 'nats-creds' },
  llm: { baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-test' },
  tika: { url: 'http://tika:9998' },
  serviceMonitor: { enabled: true, labels: { release: 'prometheus' } },
  networkPolicy: {
    enabled: true,
    gatewayFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
    metricsFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
    postgres: { to: [{ ipBlock: { cidr: '10.10.0.0/16' } }] },
    vendors: { ports: [443, 9998] },
    extraEgress: [{ to: [{ ipBlock: { cidr: '10.20.0.0/16' } }], ports: [{ port: 8200, protocol: 'TCP' }] }],
  },
  migrations: { ttlSecondsAfterFinished: 3600 },
  devInfra: { enabled: true },
  gateway: {
    autoscaling: { enabled: true, targetMemoryUtilizationPercentage: 80 },
    ingress: { enabled: true, className: 'nginx', tls: [{ secretName: 'talent-tls', hosts: ['talent.example.com'] }] },
    rateLimitPerMinute: 120,
    rateLimit: { unauthenticatedPerMinute: 30, redisUrl: 'redis://redis:6379/0' },
    corsOrigins: 'https://app.example.com',
    env: [{ name: 'EXTRA', value: '1' }],
  },
  documents: { analyzer: 'llm', keda: { enabled: true } },
  matching: {
    autoscaling: { enabled: true },
    podDisruptionBudget: { minAvailable: '50%' },
    llmRescoring: { enabled: true, maxCandidates: 10 },
  },
  sourcing: { autoscaling: { enabled: true }, provider: { type: 'pdl', url: 'https://provider.example.com', apiKey: 'k' } },
  skills: {
    autoscaling: { enabled: true },
    escoDir: '/data/esco',
    extraVolumes: [{ name: 'esco', configMap: { name: 'esco' } }],
    extraVolumeMounts: [{ name: 'esco', mountPath: '/data/esco', readOnly: true }],
  },
  billing: { autoscaling: { enabled: true }, trialGrantTokens: 500, trialGrantExpiresIn: '14d' },
};

const EXISTING_SECRETS = {
  database: { existingSecret: 'pg-app', existingSecretKey: 'uri' },
  nats: { existingSecret: 'nats-creds', existingSecretKey: 'url' },
  llm: { baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini', existingSecret: 'llm', existingSecretKey: 'key' },
  documents: { analyzer: 'llm' },
  matching: { llmRescoring: { enabled: true } },
  tika: { existingSecret: 'tika', existingSecretKey: 'url' },
  sourcing: {
    provider: { type: 'pdl', url: 'https://provider.example.com', existingSecret: 'provider', existingSecretKey: 'token' },
  },
  gateway: { rateLimit: { existingSecret: 'redis', existingSecretKey: 'url' } },
};

const VALUE_SETS: Record<string, Record<string, unknown>> = {
  defaults: {},
  everything: EVERYTHING,
  'skills disabled': { skills: { enabled: false } },
  'gateway disabled': { gateway: { enabled: false } },
  'hpa on': allServices({ autoscaling: { enabled: true } }),
  'networkpolicies on': { networkPolicy: { enabled: true } },
  'keda on': { documents: { keda: { enabled: true } } },
  'existing secrets': EXISTING_SECRETS,
  'inline secrets': {
    ...INLINE_DB,
    llm: { baseUrl: 'http://ollama:11434/v1', model: 'llama3.1:8b', apiKey: 'x' },
    documents: { analyzer: 'llm' },
  },
};

const rendered = new Map<string, K8sObject[]>();
const objects = (set: string) => {
  if (!rendered.has(set)) rendered.set(set, render(VALUE_SETS[set]));
  return rendered.get(set)!;
};
const name = (s: string) => `talent-${s}`;
const deployment = (objs: K8sObject[], s: string) => find(objs, 'Deployment', name(s))!;
const container = (o: K8sObject) => podSpec(o).containers[0];
const envOf = (c: any) => Object.fromEntries((c.env ?? []).map((e: any) => [e.name, e]));
const configOf = (objs: K8sObject[], s: string) => find(objs, 'ConfigMap', name(s))!.data!;

describe.each(Object.keys(VALUE_SETS))('value set "%s"', (set) => {
  it('passes helm lint --strict', () => {
    const r = lint(VALUE_SETS[set]);
    expect(r.status, r.output).toBe(0);
  });

  it('renders objects that validate against their Kubernetes schemas', async () => {
    const objs = objects(set);
    expect(objs.length).toBeGreaterThan(0);
    for (const o of objs) await validateObject(o);
  });

  it('names every object after the release and labels it with the chart labels', () => {
    for (const o of objects(set)) {
      expect(o.metadata.name, o.kind).toMatch(/^talent(-|$)/);
      expect(o.metadata.name.length).toBeLessThanOrEqual(63);
      expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe('talent');
      expect(o.metadata.labels?.['app.kubernetes.io/instance']).toBe('talent');
      expect(o.metadata.labels?.['app.kubernetes.io/managed-by']).toBe('Helm');
      expect(o.metadata.labels?.['app.kubernetes.io/component']).toBeTruthy();
    }
  });

  it('has no duplicate objects', () => {
    const ids = objects(set).map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never uses a latest or untagged image', () => {
    for (const o of objects(set)) {
      for (const c of [...(podSpec(o)?.containers ?? []), ...(podSpec(o)?.initContainers ?? [])]) {
        expect(c.image, `${o.kind}/${o.metadata.name}`).toMatch(
          /^[^:@]+(:[^:@]+|@sha256:[a-f0-9]{64}|:[^:@]+@sha256:[a-f0-9]{64})$/,
        );
        expect(c.image).not.toMatch(/:latest(@|$)/);
      }
    }
  });

  it('selectors of Services, PDBs, HPAs and NetworkPolicies agree with the pods', () => {
    const objs = objects(set);
    const deployments = ofKind(objs, 'Deployment');
    for (const d of deployments) {
      expect(selects(d.spec.selector.matchLabels, d.spec.template.metadata.labels), d.metadata.name).toBe(true);
    }
    const podsOf = (sel: Record<string, string>) =>
      deployments.filter((d) => selects(sel, d.spec.template.metadata.labels));
    for (const svc of ofKind(objs, 'Service')) {
      const targets = podsOf(svc.spec.selector);
      expect(
        targets.map((d) => d.metadata.name),
        `Service ${svc.metadata.name}`,
      ).toEqual([svc.metadata.name]);
      const containerPorts = targets[0]!.spec.template.spec.containers.flatMap((c: any) =>
        c.ports.map((p: any) => p.name),
      );
      for (const p of svc.spec.ports) expect(containerPorts, `${svc.metadata.name}:${p.name}`).toContain(p.targetPort);
    }
    for (const pdb of ofKind(objs, 'PodDisruptionBudget')) {
      expect(podsOf(pdb.spec.selector.matchLabels).map((d) => d.metadata.name)).toEqual([pdb.metadata.name]);
    }
    for (const hpa of ofKind(objs, 'HorizontalPodAutoscaler')) {
      const target = find(objs, 'Deployment', hpa.spec.scaleTargetRef.name);
      expect(target, hpa.metadata.name).toBeDefined();
      expect(target!.spec.replicas, 'an autoscaled Deployment must not pin replicas').toBeUndefined();
    }
    for (const np of ofKind(objs, 'NetworkPolicy')) {
      const pods = [...deployments, ...ofKind(objs, 'Job')].filter((w) =>
        selects(np.spec.podSelector.matchLabels, w.spec.template.metadata.labels),
      );
      expect(pods.length, `NetworkPolicy ${np.metadata.name} selects nothing`).toBeGreaterThan(0);
    }
    for (const sm of ofKind(objs, 'ServiceMonitor')) {
      const svc = ofKind(objs, 'Service').filter((s) => selects(sm.spec.selector.matchLabels, s.metadata.labels));
      expect(svc.map((s) => s.metadata.name)).toEqual([sm.metadata.name]);
      expect(svc[0]!.spec.ports.map((p: any) => p.name)).toContain(sm.spec.endpoints[0].port);
    }
  });

  it('runs every service pod non-root with a read-only root filesystem and no capabilities', () => {
    const objs = objects(set).filter((o) => ['Deployment', 'Job'].includes(o.kind));
    const platform = objs.filter(
      (o) => !['postgres', 'nats'].includes(o.metadata.labels!['app.kubernetes.io/component']!),
    );
    for (const o of platform) {
      const ps = podSpec(o);
      expect(ps.securityContext.runAsNonRoot, o.metadata.name).toBe(true);
      expect(ps.securityContext.seccompProfile.type).toBe('RuntimeDefault');
      expect(ps.automountServiceAccountToken).toBe(false);
      for (const c of ps.containers) {
        expect(c.securityContext.runAsNonRoot).toBe(true);
        expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
        expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
        expect(c.securityContext.capabilities.drop).toEqual(['ALL']);
        expect(c.resources.requests.cpu).toBeTruthy();
        expect(c.resources.requests.memory).toBeTruthy();
        expect(c.resources.limits.memory).toBeTruthy();
        expect(
          c.volumeMounts.find((m: any) => m.mountPath === '/tmp'),
          'writable /tmp',
        ).toBeDefined();
      }
    }
  });

  it('shuts down gracefully: preStop pause, grace period longer than pause + drain', () => {
    for (const d of ofKind(objects(set), 'Deployment')) {
      if (['postgres', 'nats'].includes(d.metadata.labels!['app.kubernetes.io/component']!)) continue;
      const c = container(d);
      const config = configOf(objects(set), d.metadata.labels!['app.kubernetes.io/component']!);
      const pause = Number(c.lifecycle.preStop.exec.command[1]);
      expect(c.lifecycle.preStop.exec.command[0]).toBe('sleep');
      expect(podSpec(d).terminationGracePeriodSeconds).toBeGreaterThan(pause + Number(config.SHUTDOWN_GRACE_MS) / 1000);
    }
  });
});

describe('services', () => {
  let objs: K8sObject[];
  beforeAll(() => {
    objs = objects('defaults');
  });

  it.each(SERVICES)('%s has a Deployment, Service, ServiceAccount, ConfigMap and PodDisruptionBudget', (s) => {
    for (const kind of ['Deployment', 'Service', 'ServiceAccount', 'ConfigMap', 'PodDisruptionBudget']) {
      expect(find(objs, kind, name(s)), `${kind} ${name(s)}`).toBeDefined();
    }
    expect(podSpec(deployment(objs, s)).serviceAccountName).toBe(name(s));
    expect(container(deployment(objs, s)).envFrom).toContainEqual({ configMapRef: { name: name(s) } });
  });

  it.each(SERVICES.filter((s) => s !== 'gateway'))('%s serves gRPC with grpc.health.v1 probes and metrics', (s) => {
    const c = container(deployment(objs, s));
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      expect(c[probe].grpc, probe).toEqual({ port: 50051 });
    }
    expect(c.ports).toEqual([
      { name: 'grpc', containerPort: 50051, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9464, protocol: 'TCP' },
    ]);
    const svc = find(objs, 'Service', name(s))!;
    expect(svc.spec.ports.map((p: any) => [p.name, p.port])).toEqual([
      ['grpc', 50051],
      ['metrics', 9464],
    ]);
    const config = configOf(objs, s);
    expect(config).toMatchObject({
      GRPC_PORT: '50051',
      METRICS_PORT: '9464',
      NODE_ENV: 'production',
      DATABASE_SCHEMA: s,
    });
  });

  it('gateway serves HTTP with /healthz liveness and /readyz readiness', () => {
    const c = container(deployment(objs, 'gateway'));
    expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const svc = find(objs, 'Service', name('gateway'))!;
    expect(svc.spec.ports.map((p: any) => [p.name, p.port, p.targetPort])).toEqual([
      ['http', 80, 'http'],
      ['metrics', 9464, 'metrics'],
    ]);
    expect(configOf(objs, 'gateway')).toMatchObject({ PORT: '8080', METRICS_PORT: '9464' });
    expect(configOf(objs, 'gateway').DATABASE_SCHEMA).toBeUndefined();
    expect(envOf(container(deployment(objs, 'gateway'))).DATABASE_URL).toBeUndefined();
  });

  it.each(SERVICES)('%s reaches exactly its peers through <PEER>_SERVICE_ADDR wired from the release name', (s) => {
    const config = configOf(objs, s);
    const addrs = Object.keys(config)
      .filter((k) => k.endsWith('_SERVICE_ADDR'))
      .sort();
    expect(addrs).toEqual(PEERS[s].map((p) => `${p.toUpperCase()}_SERVICE_ADDR`).sort());
    for (const peer of PEERS[s]) {
      const [host, port] = config[`${peer.toUpperCase()}_SERVICE_ADDR`]!.split(':');
      const svc = find(objs, 'Service', host!);
      expect(svc, `${s} → ${peer}`).toBeDefined();
      expect(svc!.spec.ports.find((p: any) => p.name === 'grpc').port).toBe(Number(port));
    }
  });

  it('peer addresses follow the release name', () => {
    const other = render({}, { release: 'acme' });
    expect(find(other, 'ConfigMap', 'acme-talent-gateway')!.data!.BILLING_SERVICE_ADDR).toBe(
      'acme-talent-billing:50051',
    );
    expect(find(other, 'Service', 'acme-talent-billing')).toBeDefined();
  });

  it.each(DATABASE_SERVICES)('%s reads DATABASE_URL from the existing Secret and NATS_URL from its ConfigMap', (s) => {
    const env = envOf(container(deployment(objs, s)));
    expect(env.DATABASE_URL.valueFrom.secretKeyRef).toEqual({ name: 'talent-database', key: 'DATABASE_URL' });
    expect(configOf(objs, s).NATS_URL).toBe('nats://nats:4222');
  });

  it('uses the chart appVersion as image tag and <registry>/<service> as repository', () => {
    for (const s of SERVICES) expect(container(deployment(objs, s)).image).toBe(`ghcr.io/talent-platform/${s}:0.1.0`);
    const pinned = render({
      billing: { image: { repository: 'r.example/billing', tag: 'abc', digest: `sha256:${'a'.repeat(64)}` } },
    });
    expect(container(deployment(pinned, 'billing')).image).toBe(`r.example/billing@sha256:${'a'.repeat(64)}`);
    const skaffoldStyle = render({
      skills: { image: { repository: 'r.example/skills', tag: `abc@sha256:${'b'.repeat(64)}` } },
    });
    expect(container(deployment(skaffoldStyle, 'skills')).image).toBe(`r.example/skills:abc@sha256:${'b'.repeat(64)}`);
  });

  it('creates no Secret, HPA, NetworkPolicy, Ingress, ServiceMonitor or ScaledObject by default', () => {
    for (const kind of [
      'Secret',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
      'Ingress',
      'ServiceMonitor',
      'ScaledObject',
    ]) {
      expect(ofKind(objs, kind), kind).toEqual([]);
    }
  });

  it('disables the pod service links (no injected *_PORT variables)', () => {
    for (const d of ofKind(objs, 'Deployment')) expect(podSpec(d).enableServiceLinks).toBe(false);
  });
});

describe('migrations', () => {
  let objs: K8sObject[];
  beforeAll(() => {
    objs = objects('defaults');
  });
  const jobs = () => ofKind(objs, 'Job');

  it('runs one pre-install/pre-upgrade hook Job per service with a database', () => {
    expect(
      jobs()
        .map((j) => j.metadata.name)
        .sort(),
    ).toEqual(DATABASE_SERVICES.map((s) => `talent-${s}-migrate`).sort());
    for (const j of jobs()) {
      expect(j.metadata.annotations).toMatchObject({
        'helm.sh/hook': 'pre-install,pre-upgrade',
        'helm.sh/hook-weight': '0',
        'helm.sh/hook-delete-policy': 'before-hook-creation',
      });
      expect(podSpec(j).restartPolicy).toBe('Never');
    }
  });

  it.each(DATABASE_SERVICES)(
    '%s migration uses the service image, node dist/migrate.js and the service env inline',
    (s) => {
      const job = find(objs, 'Job', `talent-${s}-migrate`)!;
      const c = container(job);
      expect(c.image).toBe(container(deployment(objs, s)).image);
      expect(c.command).toEqual(['node', 'dist/migrate.js']);
      // hooks run before the release's ConfigMaps exist: every setting is inline, not envFrom the ConfigMap
      expect(c.envFrom).toBeUndefined();
      const env = envOf(c);
      for (const [k, v] of Object.entries(configOf(objs, s))) expect(env[k]?.value, k).toBe(v);
      expect(env.DATABASE_URL.valueFrom.secretKeyRef).toEqual({ name: 'talent-database', key: 'DATABASE_URL' });
      // the release ServiceAccount does not exist yet either: the hook ServiceAccount does
      expect(podSpec(job).serviceAccountName).toBe('talent-migrations');
    },
  );

  it('creates the hook ServiceAccount before the Jobs and deletes it after success', () => {
    const sa = find(objs, 'ServiceAccount', 'talent-migrations')!;
    expect(isHook(sa)).toBe(true);
    expect(Number(sa.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(0);
    expect(sa.metadata.annotations!['helm.sh/hook-delete-policy']).toBe('before-hook-creation,hook-succeeded');
  });

  it('copies chart-managed secrets into a hook Secret the Jobs use (the release Secret does not exist yet)', () => {
    const inline = objects('inline secrets');
    const secret = find(inline, 'Secret', 'talent')!;
    const hookSecret = find(inline, 'Secret', 'talent-migrations')!;
    expect(isHook(secret)).toBe(false);
    expect(hookSecret.metadata.annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-weight': '-10',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    expect(hookSecret.data).toEqual(secret.data);
    expect(Buffer.from(secret.data!.DATABASE_URL!, 'base64').toString()).toBe(INLINE_DB.database.url);
    for (const s of DATABASE_SERVICES) {
      expect(
        envOf(container(find(inline, 'Job', `talent-${s}-migrate`)!)).DATABASE_URL.valueFrom.secretKeyRef.name,
      ).toBe('talent-migrations');
      expect(envOf(container(deployment(inline, s))).DATABASE_URL.valueFrom.secretKeyRef).toEqual({
        name: 'talent',
        key: 'DATABASE_URL',
      });
    }
    expect(
      envOf(container(find(inline, 'Job', 'talent-documents-migrate')!)).LLM_API_KEY.valueFrom.secretKeyRef,
    ).toEqual({ name: 'talent-migrations', key: 'LLM_API_KEY' });
  });

  it('can be turned off', () => {
    const off = render({ migrations: { enabled: false } });
    expect(ofKind(off, 'Job')).toEqual([]);
    expect(off.filter(isHook)).toEqual([]);
  });
});

describe('a single service disabled', () => {
  it.each(SERVICES)('disabling %s removes all of its objects and nothing else', (s) => {
    const objs = render({ [s]: { enabled: false } });
    const all = objects('defaults');
    const gone = all.filter((o) => !objs.some((p) => p.kind === o.kind && p.metadata.name === o.metadata.name));
    const expected = all.filter((o) => o.metadata.name === name(s) || o.metadata.name === `${name(s)}-migrate`);
    expect(gone.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(
      expected.map((o) => `${o.kind}/${o.metadata.name}`).sort(),
    );
  });

  it('without any database service there is no migration hook and no database requirement', () => {
    const objs = render({
      database: { existingSecret: '' },
      ...Object.fromEntries(DATABASE_SERVICES.map((s) => [s, { enabled: false }])),
    });
    expect(objs.filter(isHook)).toEqual([]);
    expect(ofKind(objs, 'Deployment').map((d) => d.metadata.name)).toEqual(['talent-gateway']);
  });
});

describe('autoscaling', () => {
  it('hpa on: one autoscaling/v2 HPA per service and no pinned replicas', () => {
    const objs = objects('hpa on');
    const hpas = ofKind(objs, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual(SERVICES.map(name).sort());
    for (const h of hpas) {
      expect(h.apiVersion).toBe('autoscaling/v2');
      expect(h.spec).toMatchObject({ minReplicas: 2, maxReplicas: 6 });
      expect(h.spec.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 75 } } },
      ]);
    }
    for (const d of ofKind(objs, 'Deployment')) expect(d.spec.replicas).toBeUndefined();
  });

  it('keda on: documents scales on the DOCUMENTS_WORK / documents-analyze JetStream lag, without HPA', () => {
    const objs = objects('keda on');
    const [so] = ofKind(objs, 'ScaledObject');
    expect(so!.metadata.name).toBe('talent-documents');
    expect(so!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'talent-documents' });
    expect(so!.spec.triggers).toEqual([
      {
        type: 'nats-jetstream',
        metadata: {
          natsServerMonitoringEndpoint: 'nats:8222',
          account: '$G',
          stream: 'DOCUMENTS_WORK',
          consumer: 'documents-analyze',
          lagThreshold: '10',
          activationLagThreshold: '0',
          useHttps: 'false',
        },
      },
    ]);
    expect(so!.spec).toMatchObject({ minReplicaCount: 1, maxReplicaCount: 10 });
    expect(ofKind(objs, 'HorizontalPodAutoscaler')).toEqual([]);
    expect(deployment(objs, 'documents').spec.replicas).toBeUndefined();
    expect(deployment(objs, 'matching').spec.replicas).toBe(2);
  });

  it('rejects KEDA and an HPA on documents at the same time', () => {
    const r = helmTemplateRaw({ documents: { keda: { enabled: true }, autoscaling: { enabled: true } } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('enable either documents.keda or documents.autoscaling');
  });
});

describe('network policies', () => {
  let objs: K8sObject[];
  beforeAll(() => {
    objs = objects('networkpolicies on');
  });
  const policy = (s: string) => find(objs, 'NetworkPolicy', name(s))!;
  const grpcCallers = (s: string) =>
    policy(s)
      .spec.ingress.find((r: any) => r.ports[0].port === 'grpc')
      ?.from[0].podSelector.matchExpressions.find((e: any) => e.key === 'app.kubernetes.io/component')
      .values.sort();

  it('isolates every service pod and the migration pods (ingress and egress)', () => {
    for (const s of [...SERVICES, 'migrations']) {
      expect(policy(s).spec.policyTypes, s).toEqual(['Ingress', 'Egress']);
    }
    expect(policy('migrations').spec.ingress).toEqual([]);
  });

  it('only the gateway is reachable from outside the release', () => {
    expect(policy('gateway').spec.ingress[0]).toEqual({ ports: [{ port: 'http', protocol: 'TCP' }] });
    for (const s of SERVICES.filter((x) => x !== 'gateway')) {
      for (const rule of policy(s).spec.ingress) {
        if (rule.ports[0].port === 'metrics') continue;
        expect(rule.from, s).toBeDefined();
        expect(rule.from.every((p: any) => p.podSelector && !p.namespaceSelector && !p.ipBlock)).toBe(true);
      }
    }
  });

  it.each(SERVICES.filter((s) => s !== 'gateway'))('%s accepts gRPC only from its callers', (s) => {
    const callers = SERVICES.filter((c) => PEERS[c].includes(s)).sort();
    expect(grpcCallers(s)).toEqual(callers);
  });

  it.each(SERVICES)('%s may only egress to DNS, NATS, its peers and (with a database) PostgreSQL', (s) => {
    const egress = policy(s).spec.egress;
    const ports = egress.map((r: any) => r.ports.map((p: any) => p.port).join(','));
    expect(ports).toContain('53,53');
    expect(ports).toContain('4222');
    expect(ports.includes('5432')).toBe(s !== 'gateway');
    const peerRules = egress.filter((r: any) => r.to?.[0]?.podSelector);
    expect(peerRules.map((r: any) => r.to[0].podSelector.matchLabels['app.kubernetes.io/component']).sort()).toEqual(
      [...PEERS[s]].sort(),
    );
    // Webhooks POST to integrators' endpoints anywhere (it refuses private addresses itself).
    expect(ports.includes('443')).toBe(s === 'webhooks');
  });

  it('opens Redis egress to the gateway only, and only when it shares a rate-limit Redis', () => {
    const redisPort = (policies: K8sObject[], s: string) =>
      find(policies, 'NetworkPolicy', name(s))!.spec.egress.some((r: any) => r.ports.some((p: any) => p.port === 6379));
    expect(SERVICES.filter((s) => redisPort(objs, s))).toEqual([]);
    const shared = objects('everything');
    expect(SERVICES.filter((s) => redisPort(shared, s))).toEqual(['gateway']);
  });

  it('opens vendor egress only for services with a configured vendor', () => {
    const objs = objects('everything');
    const vendorPorts = (s: string) =>
      find(objs, 'NetworkPolicy', name(s))!.spec.egress.some((r: any) => r.ports.some((p: any) => p.port === 9998));
    expect(SERVICES.filter(vendorPorts).sort()).toEqual(['documents', 'matching', 'sourcing', 'webhooks']);
    const gw = find(objs, 'NetworkPolicy', name('gateway'))!;
    expect(gw.spec.ingress[0].from).toEqual(EVERYTHING.networkPolicy.gatewayFrom);
  });
});

describe('secrets', () => {
  it('existing secrets: every credential comes from the named Secret and the chart creates none', () => {
    const objs = objects('existing secrets');
    expect(ofKind(objs, 'Secret')).toEqual([]);
    const ref = (s: string, v: string) => envOf(container(deployment(objs, s)))[v]?.valueFrom?.secretKeyRef;
    for (const s of DATABASE_SERVICES) expect(ref(s, 'DATABASE_URL')).toEqual({ name: 'pg-app', key: 'uri' });
    for (const s of SERVICES) {
      expect(ref(s, 'NATS_URL')).toEqual({ name: 'nats-creds', key: 'url' });
      expect(configOf(objs, s).NATS_URL).toBeUndefined();
    }
    expect(ref('documents', 'LLM_API_KEY')).toEqual({ name: 'llm', key: 'key' });
    expect(ref('matching', 'MATCH_LLM_API_KEY')).toEqual({ name: 'llm', key: 'key' });
    expect(ref('documents', 'TIKA_URL')).toEqual({ name: 'tika', key: 'url' });
    expect(ref('sourcing', 'SOURCING_PDL_API_KEY')).toEqual({ name: 'provider', key: 'token' });
    expect(configOf(objs, 'sourcing')).toMatchObject({ SOURCING_PROVIDER: 'pdl', SOURCING_PDL_BASE_URL: 'https://provider.example.com' });
    expect(ref('gateway', 'LLM_API_KEY')).toBeUndefined();
    expect(ref('billing', 'SOURCING_PDL_API_KEY')).toBeUndefined();
    expect(ref('gateway', 'REDIS_URL')).toEqual({ name: 'redis', key: 'url' });
    for (const s of SERVICES.filter((x) => x !== 'gateway')) expect(ref(s, 'REDIS_URL'), s).toBeUndefined();
    for (const s of DATABASE_SERVICES) {
      expect(envOf(container(find(objs, 'Job', `talent-${s}-migrate`)!)).DATABASE_URL.valueFrom.secretKeyRef).toEqual({
        name: 'pg-app',
        key: 'uri',
      });
    }
  });

  it('vendor settings reach only the services that use them', () => {
    const objs = objects('everything');
    expect(configOf(objs, 'documents')).toMatchObject({
      ANALYZER: 'llm',
      TIKA_URL: 'http://tika:9998',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: 'https://llm.example.com/v1',
      LLM_MODEL: 'gpt-4o-mini',
      LLM_TIMEOUT_MS: '60000',
      LLM_MAX_ATTEMPTS: '3',
    });
    expect(configOf(objs, 'matching')).toMatchObject({
      MATCH_LLM_PROVIDER: 'openai',
      MATCH_LLM_BASE_URL: 'https://llm.example.com/v1',
      MATCH_LLM_MODEL: 'gpt-4o-mini',
      MATCH_LLM_MAX_CANDIDATES: '10',
      MATCH_LLM_BUDGET_MS: '40000',
    });
    expect(envOf(container(deployment(objs, 'matching'))).MATCH_LLM_API_KEY.valueFrom.secretKeyRef).toEqual({
      name: 'talent',
      key: 'LLM_API_KEY',
    });
    expect(configOf(objs, 'matching').LLM_MODEL).toBeUndefined();
    expect(configOf(objs, 'skills')).toMatchObject({ SKILLS_ESCO_DIR: '/data/esco' });
    expect(configOf(objs, 'billing')).toMatchObject({ BILLING_TRIAL_TOKENS: '500', BILLING_TRIAL_EXPIRES_IN: '14d' });
    expect(configOf(objs, 'gateway')).toMatchObject({
      RATE_LIMIT_PER_MINUTE: '120',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '30',
      REDIS_KEY_PREFIX: 'talent:',
      CORS_ORIGINS: 'https://app.example.com',
    });
    // The Redis URL may carry a password: it travels in the chart-managed Secret, to the gateway only.
    expect(configOf(objs, 'gateway').REDIS_URL).toBeUndefined();
    expect(envOf(container(deployment(objs, 'gateway'))).REDIS_URL.valueFrom.secretKeyRef).toEqual({ name: 'talent', key: 'REDIS_URL' });
    expect(Buffer.from(find(objs, 'Secret', 'talent')!.data!.REDIS_URL!, 'base64').toString()).toBe('redis://redis:6379/0');
    for (const s of ['gateway', 'sourcing', 'skills', 'billing'])
      expect(configOf(objs, s).LLM_BASE_URL, s).toBeUndefined();
    expect(configOf(objs, 'gateway').TIKA_URL).toBeUndefined();
  });

  it('gives no model settings to a service that does not use the model', () => {
    const objs = render({ llm: { baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-test' } });
    for (const s of SERVICES) {
      const names = Object.keys({ ...configOf(objs, s), ...envOf(container(deployment(objs, s))) });
      expect(
        names.filter((n) => /LLM_/.test(n)),
        s,
      ).toEqual([]);
    }
    const ollama = render({
      llm: { provider: 'ollama', baseUrl: 'http://ollama:11434', model: 'llama3.1:8b' },
      matching: { llmRescoring: { enabled: true, model: 'qwen2.5:7b' } },
    });
    expect(configOf(ollama, 'matching')).toMatchObject({
      MATCH_LLM_PROVIDER: 'ollama',
      MATCH_LLM_BASE_URL: 'http://ollama:11434',
      MATCH_LLM_MODEL: 'qwen2.5:7b',
    });
    expect(envOf(container(deployment(ollama, 'matching'))).MATCH_LLM_API_KEY).toBeUndefined();
  });

  it('the pods roll when configuration or chart-managed secrets change', () => {
    const a = deployment(objects('inline secrets'), 'billing').spec.template.metadata.annotations;
    const b = deployment(render({ database: { existingSecret: '', url: 'postgresql://other@pg/talent' } }), 'billing')
      .spec.template.metadata.annotations;
    expect(a['checksum/secret']).not.toBe(b['checksum/secret']);
    const c = deployment(render({ logLevel: 'debug' }), 'billing').spec.template.metadata.annotations;
    expect(c['checksum/config']).not.toBe(
      deployment(objects('defaults'), 'billing').spec.template.metadata.annotations['checksum/config'],
    );
  });

  it('requires a database Secret or URL', () => {
    const r = helmTemplateRaw({ database: { existingSecret: '' } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('set database.existingSecret');
  });
});

describe('everything enabled', () => {
  let objs: K8sObject[];
  beforeAll(() => {
    objs = objects('everything');
  });

  it('renders the optional objects', () => {
    const count = (kind: string) => ofKind(objs, kind).length;
    expect(count('HorizontalPodAutoscaler')).toBe(5);
    expect(count('ScaledObject')).toBe(1);
    expect(count('ServiceMonitor')).toBe(7);
    expect(count('NetworkPolicy')).toBe(8);
    expect(count('Ingress')).toBe(1);
    expect(
      ofKind(objs, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...SERVICES.map(name), 'talent-nats', 'talent-postgres'].sort());
  });

  it('the Ingress routes to the gateway HTTP port', () => {
    const ing = find(objs, 'Ingress', 'talent-gateway')!;
    expect(ing.spec.ingressClassName).toBe('nginx');
    expect(ing.spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'talent-gateway', port: { name: 'http' } });
  });

  it('applies common labels, pull secrets, extra env and volumes', () => {
    const gw = deployment(objs, 'gateway');
    expect(gw.metadata.labels!.team).toBe('platform');
    expect(podSpec(gw).imagePullSecrets).toEqual([{ name: 'regcred' }]);
    expect(envOf(container(gw)).EXTRA.value).toBe('1');
    const skills = deployment(objs, 'skills');
    expect(container(skills).volumeMounts).toContainEqual({ name: 'esco', mountPath: '/data/esco', readOnly: true });
    expect(find(objs, 'ServiceMonitor', 'talent-gateway')!.metadata.labels!.release).toBe('prometheus');
    expect(find(objs, 'PodDisruptionBudget', 'talent-matching')!.spec).toMatchObject({ minAvailable: '50%' });
  });
});

describe('values.schema.json', () => {
  const rejects = (values: unknown, message: RegExp) => {
    const r = helmTemplateRaw(values);
    expect(r.status, 'helm template should fail').not.toBe(0);
    expect(r.stderr).toMatch(message);
  };

  it('rejects a typo at the top level', () =>
    rejects({ replicaCount: 3 }, /Additional property replicaCount is not allowed/));
  it('rejects a typo in a service', () =>
    rejects({ gateway: { replicas: 3 } }, /gateway: Additional property replicas is not allowed/));
  it('rejects a typo in a nested block', () =>
    rejects({ networkPolicy: { enabeld: true } }, /networkPolicy: Additional property enabeld is not allowed/));
  it('rejects a typo in resources', () =>
    rejects({ billing: { resources: { request: { cpu: '1' } } } }, /Additional property request is not allowed/));
  it('rejects a typo passed with --set', () => {
    const r = helmTemplateRaw({}, { set: { 'documents.keda.stream_name': 'X' } });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/Additional property stream_name is not allowed/);
  });
  it('rejects wrong types', () => rejects({ matching: { replicaCount: 'two' } }, /replicaCount: Invalid type/));
  it('rejects an unknown analyzer', () => rejects({ documents: { analyzer: 'magic' } }, /analyzer/));
  it('rejects the llm analyzer or re-scoring without a model', () => {
    rejects({ documents: { analyzer: 'llm' } }, /documents.analyzer=llm needs llm.model/);
    rejects({ matching: { llmRescoring: { enabled: true } } }, /matching.llmRescoring.enabled needs/);
    rejects(
      { documents: { analyzer: 'llm' }, llm: { model: 'm', timeoutMs: 120000, maxAttempts: 5 } },
      /llm.timeoutMs × llm.maxAttempts/,
    );
  });
  it('rejects an unknown LLM provider', () => rejects({ llm: { provider: 'anthropic' } }, /provider/));
  it('rejects an unknown sourcing provider, and pdl without its URL', () => {
    rejects({ sourcing: { provider: { type: 'linkedin' } } }, /sourcing.provider.type/);
    rejects({ sourcing: { provider: { type: 'pdl' } } }, /sourcing.provider.url/);
  });
  it('rejects the latest tag', () => rejects({ image: { tag: 'latest' } }, /image.tag/));
  it('rejects an unknown log level', () => rejects({ logLevel: 'verbose' }, /logLevel/));
  it('rejects a grace period that does not cover preStop + drain', () =>
    rejects({ shutdown: { terminationGracePeriodSeconds: 20 } }, /terminationGracePeriodSeconds/));
});
