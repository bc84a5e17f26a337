{{/*
Names, labels and the service catalogue shared by every template.
*/}}

{{- define "talent.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "talent.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "talent.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of a component's objects: <fullname>-<component>. Args: root, component */}}
{{- define "talent.componentName" -}}
{{- printf "%s-%s" (include "talent.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels. Args: root, component */}}
{{- define "talent.selectorLabels" -}}
app.kubernetes.io/name: {{ include "talent.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Full labels. Args: root, component */}}
{{- define "talent.labels" -}}
helm.sh/chart: {{ include "talent.chart" .root }}
{{ include "talent.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: talent
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
The service catalogue: protocol, database and gRPC peers of every service (DESIGN.md §1).
Callers are derived from peers; NetworkPolicies and <PEER>_SERVICE_ADDR come from here.
*/}}
{{- define "talent.catalog" -}}
gateway:
  http: true
  database: false
  peers: [billing, documents, matching, sourcing, skills, webhooks]
documents:
  http: false
  database: true
  peers: [skills, billing]
matching:
  http: false
  database: true
  peers: [documents, billing, skills]
sourcing:
  http: false
  database: true
  peers: [billing, documents]
skills:
  http: false
  database: true
  peers: []
billing:
  http: false
  database: true
  peers: []
webhooks:
  http: false
  database: true
  peers: []
{{- end -}}

{{/* Callers of a component as a YAML list. Args: root, component */}}
{{- define "talent.callers" -}}
{{- $catalog := include "talent.catalog" .root | fromYaml -}}
{{- $callers := list -}}
{{- range $name := keys $catalog | sortAlpha -}}
{{- if has $.component (get (get $catalog $name) "peers") -}}
{{- $callers = append $callers $name -}}
{{- end -}}
{{- end -}}
{{- toYaml $callers -}}
{{- end -}}

{{/* Image reference. Args: root, component */}}
{{- define "talent.image" -}}
{{- $v := get .root.Values .component -}}
{{- $repo := $v.image.repository | default (printf "%s/%s" (.root.Values.image.registry | trimSuffix "/") .component) -}}
{{- $tag := $v.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion | toString -}}
{{- if or (eq $tag "latest") (hasPrefix "latest@" $tag) -}}
{{- fail (printf "%s.image.tag: the tag `latest` is not allowed, pin a version or digest" .component) -}}
{{- end -}}
{{- if $v.image.digest -}}
{{- printf "%s@%s" $repo $v.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repo $tag -}}
{{- end -}}
{{- end -}}

{{/* ServiceAccount name of a component. Args: root, component */}}
{{- define "talent.serviceAccountName" -}}
{{- if .root.Values.serviceAccount.create -}}
{{- include "talent.componentName" . -}}
{{- else -}}
{{- .root.Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/* Name of the chart-managed Secret */}}
{{- define "talent.secretName" -}}
{{- include "talent.fullname" . -}}
{{- end -}}

{{/* Chart-managed secret data (only inline values that have no existingSecret) */}}
{{- define "talent.secretData" -}}
{{- $v := .Values -}}
{{- if and (not $v.database.existingSecret) $v.database.url }}
DATABASE_URL: {{ $v.database.url | b64enc | quote }}
{{- end }}
{{- if and (not $v.llm.existingSecret) $v.llm.apiKey }}
LLM_API_KEY: {{ $v.llm.apiKey | b64enc | quote }}
{{- end }}
{{- if and (not $v.sourcing.provider.existingSecret) $v.sourcing.provider.apiKey }}
SOURCING_PDL_API_KEY: {{ $v.sourcing.provider.apiKey | b64enc | quote }}
{{- end }}
{{- if and (not $v.gateway.rateLimit.existingSecret) $v.gateway.rateLimit.redisUrl }}
REDIS_URL: {{ $v.gateway.rateLimit.redisUrl | b64enc | quote }}
{{- end }}
{{- if and (not $v.webhooks.secretKey.existingSecret) $v.webhooks.secretKey.value }}
WEBHOOKS_SECRET_KEY: {{ $v.webhooks.secretKey.value | b64enc | quote }}
{{- end }}
{{- end -}}

{{/* True ("true") when the gateway replicas share a Redis for rate limits */}}
{{- define "talent.gatewayRedis" -}}
{{- with .Values.gateway.rateLimit -}}
{{- if or .existingSecret .redisUrl -}}true{{- end -}}
{{- end -}}
{{- end -}}

{{/* True ("true") when any enabled service needs PostgreSQL */}}
{{- define "talent.anyDatabase" -}}
{{- $catalog := include "talent.catalog" . | fromYaml -}}
{{- range $name, $c := $catalog -}}
{{- if and $c.database (get $.Values $name).enabled -}}true{{- end -}}
{{- end -}}
{{- end -}}

{{/* Non-secret environment of a component as a flat YAML map. Args: root, component */}}
{{- define "talent.configData" -}}
{{- $root := .root -}}
{{- $v := get $root.Values .component -}}
{{- $c := get (include "talent.catalog" $root | fromYaml) .component -}}
NODE_ENV: production
LOG_LEVEL: {{ $v.logLevel | default $root.Values.logLevel | quote }}
SHUTDOWN_GRACE_MS: {{ $root.Values.shutdown.graceMs | quote }}
METRICS_PORT: {{ $root.Values.ports.metrics | quote }}
{{- if $c.http }}
PORT: {{ $root.Values.ports.http | quote }}
{{- else }}
GRPC_PORT: {{ $root.Values.ports.grpc | quote }}
{{- end }}
{{- if not $root.Values.nats.existingSecret }}
NATS_URL: {{ $root.Values.nats.url | quote }}
{{- end }}
{{- if $c.database }}
DATABASE_SCHEMA: {{ $v.databaseSchema | default .component | quote }}
{{- end }}
{{- range $peer := $c.peers }}
{{ upper $peer }}_SERVICE_ADDR: {{ printf "%s:%v" (include "talent.componentName" (dict "root" $root "component" $peer)) $root.Values.ports.grpc | quote }}
{{- end }}
{{- if eq .component "gateway" }}
{{- if not (kindIs "invalid" $v.rateLimitPerMinute) }}
RATE_LIMIT_PER_MINUTE: {{ $v.rateLimitPerMinute | quote }}
{{- end }}
{{- with $v.corsOrigins }}
CORS_ORIGINS: {{ . | quote }}
{{- end }}
{{- if not (kindIs "invalid" $v.rateLimit.unauthenticatedPerMinute) }}
RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: {{ $v.rateLimit.unauthenticatedPerMinute | quote }}
{{- end }}
{{- if include "talent.gatewayRedis" $root }}
REDIS_KEY_PREFIX: {{ $v.rateLimit.keyPrefix | quote }}
{{- end }}
{{- end }}
{{- if eq .component "documents" }}
ANALYZER: {{ $v.analyzer | quote }}
{{- if and $root.Values.tika.url (not $root.Values.tika.existingSecret) }}
TIKA_URL: {{ $root.Values.tika.url | quote }}
{{- end }}
{{- end }}
{{- $llm := $root.Values.llm }}
{{- if and (eq .component "documents") (eq $v.analyzer "llm") }}
LLM_PROVIDER: {{ $llm.provider | quote }}
{{- with $llm.baseUrl }}
LLM_BASE_URL: {{ . | quote }}
{{- end }}
LLM_MODEL: {{ $llm.model | quote }}
LLM_TIMEOUT_MS: {{ $llm.timeoutMs | quote }}
LLM_MAX_ATTEMPTS: {{ $llm.maxAttempts | quote }}
{{- end }}
{{- if eq .component "matching" }}
MATCH_RECORD_CACHE_MB: {{ $v.recordCacheMb | quote }}
{{- end }}
{{- if and (eq .component "matching") $v.llmRescoring.enabled }}
MATCH_LLM_PROVIDER: {{ $llm.provider | quote }}
{{- with $llm.baseUrl }}
MATCH_LLM_BASE_URL: {{ . | quote }}
{{- end }}
MATCH_LLM_MODEL: {{ $v.llmRescoring.model | default $llm.model | quote }}
MATCH_LLM_TIMEOUT_MS: {{ $llm.timeoutMs | quote }}
MATCH_LLM_MAX_ATTEMPTS: {{ $llm.maxAttempts | quote }}
MATCH_LLM_MAX_CANDIDATES: {{ $v.llmRescoring.maxCandidates | quote }}
MATCH_LLM_BUDGET_MS: {{ $v.llmRescoring.budgetMs | quote }}
{{- end }}
{{- if eq .component "sourcing" }}
{{- with $v.provider.type }}
SOURCING_PROVIDER: {{ . | quote }}
{{- end }}
{{- with $v.provider.directoryPath }}
SOURCING_DIRECTORY_PATH: {{ . | quote }}
{{- end }}
{{- with $v.provider.url }}
SOURCING_PDL_BASE_URL: {{ . | quote }}
{{- end }}
SOURCING_PDL_TIMEOUT_MS: {{ $v.provider.timeoutMs | quote }}
SOURCING_PDL_MAX_RETRIES: {{ $v.provider.maxRetries | quote }}
SOURCING_FRESHNESS_DAYS: {{ $v.freshnessDays | quote }}
SOURCING_SESSION_TTL_HOURS: {{ $v.sessionTtlHours | quote }}
{{- end }}
{{- if eq .component "skills" }}
{{- with $v.escoDir }}
SKILLS_ESCO_DIR: {{ . | quote }}
{{- end }}
{{- end }}
{{- if eq .component "billing" }}
{{- if not (kindIs "invalid" $v.trialGrantTokens) }}
BILLING_TRIAL_TOKENS: {{ $v.trialGrantTokens | quote }}
{{- end }}
{{- if not (kindIs "invalid" $v.trialGrantExpiresIn) }}
BILLING_TRIAL_EXPIRES_IN: {{ $v.trialGrantExpiresIn | quote }}
{{- end }}
{{- end }}
{{- if eq .component "webhooks" }}
WEBHOOKS_DEVELOPMENT: {{ $v.development | quote }}
WEBHOOKS_CONCURRENCY: {{ $v.concurrency | quote }}
{{- end }}
{{- end -}}

{{/*
Secret-backed environment of a component (EnvVar list).
Args: root, component, hook (bool: reference the hook copy of the chart-managed Secret)
*/}}
{{- define "talent.secretEnv" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $c := get (include "talent.catalog" $root | fromYaml) .component -}}
{{- $managed := ternary (printf "%s-migrations" (include "talent.secretName" $root)) (include "talent.secretName" $root) (default false .hook) -}}
{{- if $v.nats.existingSecret }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $v.nats.existingSecret }}
      key: {{ $v.nats.existingSecretKey }}
{{- end }}
{{- if $c.database }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $v.database.existingSecret | default $managed }}
      key: {{ ternary $v.database.existingSecretKey "DATABASE_URL" (not (empty $v.database.existingSecret)) }}
{{- end }}
{{- if and (eq .component "documents") $v.tika.existingSecret }}
- name: TIKA_URL
  valueFrom:
    secretKeyRef:
      name: {{ $v.tika.existingSecret }}
      key: {{ $v.tika.existingSecretKey }}
{{- end }}
{{- $llmKeyVar := "" }}
{{- if and (eq .component "documents") (eq $v.documents.analyzer "llm") }}{{ $llmKeyVar = "LLM_API_KEY" }}{{ end }}
{{- if and (eq .component "matching") $v.matching.llmRescoring.enabled }}{{ $llmKeyVar = "MATCH_LLM_API_KEY" }}{{ end }}
{{- if and $llmKeyVar (or $v.llm.existingSecret $v.llm.apiKey) }}
- name: {{ $llmKeyVar }}
  valueFrom:
    secretKeyRef:
      name: {{ $v.llm.existingSecret | default $managed }}
      key: {{ ternary $v.llm.existingSecretKey "LLM_API_KEY" (not (empty $v.llm.existingSecret)) }}
{{- end }}
{{- if and (eq .component "gateway") (include "talent.gatewayRedis" $root) }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $v.gateway.rateLimit.existingSecret | default $managed }}
      key: {{ ternary $v.gateway.rateLimit.existingSecretKey "REDIS_URL" (not (empty $v.gateway.rateLimit.existingSecret)) }}
{{- end }}
{{- if eq .component "sourcing" }}
{{- if $v.sourcing.provider.existingSecret }}
- name: SOURCING_PDL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $v.sourcing.provider.existingSecret }}
      key: {{ $v.sourcing.provider.existingSecretKey }}
{{- else if $v.sourcing.provider.apiKey }}
- name: SOURCING_PDL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $managed }}
      key: SOURCING_PDL_API_KEY
{{- end }}
{{- end }}
{{- if and (eq .component "webhooks") (or $v.webhooks.secretKey.existingSecret $v.webhooks.secretKey.value) }}
- name: WEBHOOKS_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $v.webhooks.secretKey.existingSecret | default $managed }}
      key: {{ ternary $v.webhooks.secretKey.existingSecretKey "WEBHOOKS_SECRET_KEY" (not (empty $v.webhooks.secretKey.existingSecret)) }}
{{- end }}
{{- end -}}

{{/* Checks that fail the render with a clear message. */}}
{{- define "talent.validate" -}}
{{- $v := .Values -}}
{{- if and (include "talent.anyDatabase" .) (not $v.database.existingSecret) (not $v.database.url) -}}
{{- fail "database: set database.existingSecret (recommended) or database.url" -}}
{{- end -}}
{{- $budget := add $v.shutdown.preStopSleepSeconds (div $v.shutdown.graceMs 1000) -}}
{{- if le (int $v.shutdown.terminationGracePeriodSeconds) (int $budget) -}}
{{- fail (printf "shutdown.terminationGracePeriodSeconds (%v) must exceed preStopSleepSeconds + graceMs/1000 (%v)" $v.shutdown.terminationGracePeriodSeconds $budget) -}}
{{- end -}}
{{- if and $v.documents.keda.enabled $v.documents.autoscaling.enabled -}}
{{- fail "documents: enable either documents.keda or documents.autoscaling, not both (KEDA owns the HPA)" -}}
{{- end -}}
{{- if and (eq $v.documents.analyzer "llm") $v.documents.enabled (not $v.llm.model) -}}
{{- fail "documents.analyzer=llm needs llm.model (and llm.baseUrl unless the provider's default server is meant)" -}}
{{- end -}}
{{- if and (eq $v.documents.analyzer "llm") (gt (mul (int $v.llm.timeoutMs) (int $v.llm.maxAttempts)) 200000) -}}
{{- fail "llm.timeoutMs × llm.maxAttempts must not exceed 200000 ms: documents presumes a task running 5 minutes stuck" -}}
{{- end -}}
{{- if not (has $v.sourcing.provider.type (list "" "directory" "pdl")) -}}
{{- fail (printf "sourcing.provider.type must be empty, directory or pdl (got %q)" $v.sourcing.provider.type) -}}
{{- end -}}
{{- if and (eq $v.sourcing.provider.type "pdl") $v.sourcing.enabled (not $v.sourcing.provider.url) -}}
{{- fail "sourcing.provider.type=pdl needs sourcing.provider.url (and an API key: sourcing.provider.existingSecret or apiKey)" -}}
{{- end -}}
{{- if and $v.matching.llmRescoring.enabled $v.matching.enabled (not (or $v.matching.llmRescoring.model $v.llm.model)) -}}
{{- fail "matching.llmRescoring.enabled needs matching.llmRescoring.model or llm.model" -}}
{{- end -}}
{{- end -}}
