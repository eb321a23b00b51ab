import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../server/config/env';
import { loadTenantRegistry } from '../../server/tenancy/registry';
import { ROOT } from './dockerfile';

/**
 * deploy/k8s built with `kubectl kustomize` (offline, kubectl's embedded kustomize) and every
 * object validated against the Kubernetes OpenAPI schemas (kubernetes-models), then checked for
 * what the platform needs: probes, resources, a read-only non-root container, selectors that
 * match, secrets by reference, an Ingress with TLS on every host and no route to the metrics port.
 */
type Obj = Record<string, any>;

/** The schema class of every kind the manifests may contain (a new kind must be added here). */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

const SECRET_NAME =
  /SECRET|PASSWORD|TOKEN|CREDENTIAL|PRIVATE|ACCESS_KEY|API_?KEY|DATABASE_(READ_)?URL|REDIS_URL|SMTP_URL/i;
const REQUIRED_SECRETS = ['DATABASE_URL', 'JWT_SECRET'];

function kustomize(dir: string): Obj[] {
  const text = execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length > 0) throw doc.errors[0];
    return doc.toJS() as Obj;
  });
}

const one = (objects: Obj[], kind: string) => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

/** Kubernetes quantities in base units (cores, bytes). */
function quantity(value: string | number): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(String(value));
  if (!match) throw new Error(`unreadable quantity ${value}`);
  const scale: Record<string, number> = {
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (match[2] ? scale[match[2]]! : 1);
}

const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** A TLS host entry covers a rule host exactly or as a one-label wildcard. */
const covers = (tlsHost: string, host: string) =>
  tlsHost === host || (tlsHost.startsWith('*.') && host.split('.').slice(1).join('.') === tlsHost.slice(2));

/** The app's settings as the pod sees them: its ConfigMaps (envFrom) and plain env values. */
function podSettings(objects: Obj[], container: Obj): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === source.configMapRef?.name);
    expect(map, `ConfigMap ${source.configMapRef?.name}`).toBeDefined();
    Object.assign(settings, map!.data);
  }
  for (const entry of container.env ?? []) if (entry.value !== undefined) settings[entry.name] = entry.value;
  return settings;
}

function checkCommon(objects: Obj[]) {
  it('builds, and every object is valid against the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `a schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind}/${object.metadata?.name}`).not.toThrow();
    }
  });

  it('holds no secret value: no Secret object, secrets only through secretKeyRef', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const map of objects.filter((o) => o.kind === 'ConfigMap')) {
      for (const key of Object.keys(map.data ?? {})) expect(key).not.toMatch(SECRET_NAME);
    }
    const container = one(objects, 'Deployment').spec.template.spec.containers[0];
    const env: Obj[] = container.env ?? [];
    for (const entry of env) {
      if (SECRET_NAME.test(entry.name)) {
        expect(entry.value, entry.name).toBeUndefined();
        expect(entry.valueFrom?.secretKeyRef, entry.name).toBeDefined();
      }
    }
    for (const name of REQUIRED_SECRETS) {
      const ref = env.find((e) => e.name === name)?.valueFrom?.secretKeyRef;
      expect(ref, name).toMatchObject({ key: name });
      // Required: a pod without them must not start (the server would refuse anyway).
      expect(ref.optional ?? false).toBe(false);
    }
  });

  it('sets only settings the server knows (a misspelt name would be silently ignored)', () => {
    const known = new Set(Object.keys(EnvSchema.properties));
    const container = one(objects, 'Deployment').spec.template.spec.containers[0];
    const names = [
      ...Object.keys(podSettings(objects, container)),
      ...(container.env ?? []).map((e: Obj) => e.name),
    ];
    for (const name of names) expect(known.has(name) || name.startsWith('OTEL_'), name).toBe(true);
  });

  it('runs the Deployment with probes, resources and a read-only, non-root container', () => {
    const deployment = one(objects, 'Deployment');
    const pod = deployment.spec.template.spec;
    expect(pod.containers).toHaveLength(1);
    const container = pod.containers[0];
    const settings = podSettings(objects, container);
    const ports = Object.fromEntries(container.ports.map((p: Obj) => [p.name, p.containerPort]));
    expect(ports.http).toBe(Number(settings.PORT));
    expect(settings.NODE_ENV).toBe('production');

    expect(container.readinessProbe.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
    // Start-up (migrations) may take longer than liveness allows.
    expect(container.startupProbe.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
    expect(
      container.startupProbe.periodSeconds * container.startupProbe.failureThreshold,
    ).toBeGreaterThanOrEqual(120);

    for (const resource of ['cpu', 'memory']) {
      const request = container.resources.requests[resource];
      const limit = container.resources.limits[resource];
      expect(request, `${resource} request`).toBeDefined();
      expect(limit, `${resource} limit`).toBeDefined();
      expect(quantity(request)).toBeLessThanOrEqual(quantity(limit));
    }

    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    // The only writable places: DATA_DIR and /tmp, both emptyDir.
    const writable = (container.volumeMounts as Obj[]).filter((m) => !m.readOnly);
    const mountPaths = writable.map((m) => m.mountPath).sort();
    expect(mountPaths).toEqual([settings.DATA_DIR, '/tmp'].sort());
    for (const mount of writable) {
      expect(pod.volumes.find((v: Obj) => v.name === mount.name)?.emptyDir, mount.mountPath).toBeDefined();
    }

    // SIGTERM drains for up to 25 s after the preStop pause: the grace period covers both.
    const pause = Number(container.lifecycle?.preStop?.exec?.command?.at(-1) ?? 0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(25 + pause);
    // Rolling updates never go below the wanted count.
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('exposes metrics on a named port for Prometheus, which no Service or Ingress routes', () => {
    const deployment = one(objects, 'Deployment');
    const template = deployment.spec.template;
    const container = template.spec.containers[0];
    const settings = podSettings(objects, container);
    const metrics = container.ports.find((p: Obj) => p.name === 'metrics');
    expect(metrics?.containerPort).toBe(Number(settings.METRICS_PORT));
    expect(settings.METRICS_HOST).toBe('0.0.0.0');
    expect(template.metadata.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metrics.containerPort),
      'prometheus.io/path': '/metrics',
    });
    for (const service of objects.filter((o) => o.kind === 'Service')) {
      for (const port of service.spec.ports) {
        expect([port.targetPort, port.port]).not.toContain('metrics');
        expect([port.targetPort, port.port]).not.toContain(metrics.containerPort);
      }
    }
  });

  it('selects the Deployment pods from the Service, the autoscaler and the disruption budget', () => {
    const deployment = one(objects, 'Deployment');
    const labels = deployment.spec.template.metadata.labels;
    expect(selects(deployment.spec.selector.matchLabels, labels)).toBe(true);

    const service = one(objects, 'Service');
    expect(selects(service.spec.selector, labels)).toBe(true);

    const pdb = one(objects, 'PodDisruptionBudget');
    expect(selects(pdb.spec.selector.matchLabels, labels)).toBe(true);
    expect(pdb.spec.maxUnavailable ?? pdb.spec.minAvailable).toBeDefined();

    const hpa = one(objects, 'HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    // At least two pods, so the budget lets a node drain without an outage.
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
    expect(hpa.spec.metrics.length).toBeGreaterThan(0);
    // The autoscaler owns the count: a replicas field would reset it at every apply.
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it('routes the portals through an Ingress with TLS for every host, to the http port only', () => {
    const ingress = one(objects, 'Ingress');
    const service = one(objects, 'Service');
    expect(ingress.metadata.annotations['cert-manager.io/cluster-issuer']).toBeTruthy();
    const tlsHosts: string[] = ingress.spec.tls.flatMap((t: Obj) => t.hosts);
    for (const entry of ingress.spec.tls) expect(entry.secretName).toBeTruthy();
    const hosts: string[] = ingress.spec.rules.map((r: Obj) => r.host);
    expect(hosts.some((h) => h.startsWith('*.'))).toBe(true);
    for (const host of hosts)
      expect(
        tlsHosts.some((t) => covers(t, host)),
        host,
      ).toBe(true);
    for (const rule of ingress.spec.rules) {
      for (const route of rule.http.paths) {
        expect(route.backend.service.name).toBe(service.metadata.name);
        expect(route.backend.service.port).toEqual({ name: 'http' });
      }
    }
    expect(service.spec.ports.map((p: Obj) => p.name)).toEqual(['http']);
  });
}

describe('deploy/k8s/base', () => {
  const objects = kustomize('deploy/k8s/base');
  checkCommon(objects);

  it('serves the tenants baked into the image', () => {
    const container = one(objects, 'Deployment').spec.template.spec.containers[0];
    expect(podSettings(objects, container).TENANTS_DIR).toBeUndefined();
  });
});

describe('deploy/k8s/overlays/production', () => {
  const objects = kustomize('deploy/k8s/overlays/production');
  checkCommon(objects);
  const work = mkdtempSync(path.join(tmpdir(), 'sk-k8s-tenants-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('pins a release image and puts everything in its namespace', () => {
    const container = one(objects, 'Deployment').spec.template.spec.containers[0];
    const [, tag] = String(container.image).split(/:(?=[^/]+$)/);
    expect(tag).toBeTruthy();
    expect(tag).not.toBe('latest');
    const namespace = one(objects, 'Namespace').metadata.name;
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe(namespace);
    }
  });

  it('serves tenants from ConfigMaps that the server loads, mounted as the kubelet lays them out', () => {
    const pod = one(objects, 'Deployment').spec.template.spec;
    const container = pod.containers[0];
    const tenantsDir = podSettings(objects, container).TENANTS_DIR;
    expect(tenantsDir).toBeTruthy();
    const mounts = (container.volumeMounts as Obj[]).filter((m) => path.dirname(m.mountPath) === tenantsDir);
    expect(mounts.length).toBeGreaterThan(0);
    const local = path.join(work, 'tenants');
    for (const mount of mounts) {
      expect(mount.readOnly).toBe(true);
      expect(mount.subPath).toBeUndefined();
      const volume = pod.volumes.find((v: Obj) => v.name === mount.name);
      const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === volume?.configMap?.name);
      expect(map, mount.mountPath).toBeDefined();
      // The kubelet's layout: files in a timestamped folder, `..data` pointing at it, and each
      // key a symlink through `..data`.
      const folder = path.join(local, path.basename(mount.mountPath));
      const stamped = path.join(folder, '..2025_01_01_00_00_00.000000000');
      mkdirSync(stamped, { recursive: true });
      symlinkSync(path.basename(stamped), path.join(folder, '..data'));
      for (const [key, value] of Object.entries<string>(map!.data)) {
        writeFileSync(path.join(stamped, key), value);
        symlinkSync(path.join('..data', key), path.join(folder, key));
      }
      expect(Object.keys(map!.binaryData ?? {})).toEqual([]);
    }
    const registry = loadTenantRegistry({
      tenantsDir: local,
      themesDir: path.join(ROOT, 'themes'),
      defaultCode: podSettings(objects, container).DEFAULT_TENANT ?? 'songkhoe',
    });
    expect([...registry.byCode.keys()].sort()).toEqual(mounts.map((m) => path.basename(m.mountPath)).sort());
  });

  it("routes every tenant's custom domain, each with a certificate", () => {
    const ingress = one(objects, 'Ingress');
    const hosts: string[] = ingress.spec.rules.map((r: Obj) => r.host);
    const tlsHosts: string[] = ingress.spec.tls.flatMap((t: Obj) => t.hosts);
    const domains = objects
      .filter((o) => o.kind === 'ConfigMap' && o.data?.['tenant.json'])
      .flatMap((o) => (JSON.parse(o.data['tenant.json']).domains ?? []) as string[]);
    expect(domains.length).toBeGreaterThan(0);
    for (const domain of domains) {
      expect(hosts, domain).toContain(domain);
      expect(tlsHosts, domain).toContain(domain);
    }
  });
});
