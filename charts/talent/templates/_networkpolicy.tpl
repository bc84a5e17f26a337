{{/* Egress rules every pod needs: DNS, PostgreSQL (when it has a database), extra rules. Args: root, database (bool) */}}
{{- define "talent.networkPolicy.baseEgress" -}}
{{- $np := .root.Values.networkPolicy -}}
- ports:
    - port: 53
      protocol: UDP
    - port: 53
      protocol: TCP
  {{- with $np.dns.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- if .database }}
- ports:
    {{- range $np.postgres.ports }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
  {{- with $np.postgres.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- with $np.extraEgress }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* True when a service has a vendor configured. Args: root, component */}}
{{- define "talent.hasVendor" -}}
{{- $v := .root.Values -}}
{{- if eq .component "documents" -}}
{{- if or $v.tika.url $v.tika.existingSecret (eq $v.documents.analyzer "llm") -}}true{{- end -}}
{{- else if eq .component "matching" -}}
{{- if $v.matching.llmRescoring.enabled -}}true{{- end -}}
{{- else if eq .component "sourcing" -}}
{{- if eq $v.sourcing.provider.type "pdl" -}}true{{- end -}}
{{- else if eq .component "webhooks" -}}
{{- /* integrators' endpoints: https anywhere (the service itself refuses private addresses) */ -}}
true
{{- end -}}
{{- end -}}

{{/* NetworkPolicy of one service. Args: root, component */}}
{{- define "talent.networkPolicy" -}}
{{- $root := .root -}}
{{- $np := $root.Values.networkPolicy -}}
{{- $c := get (include "talent.catalog" $root | fromYaml) .component -}}
{{- $callers := include "talent.callers" . | fromYamlArray }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "talent.componentName" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "talent.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
    - Egress
  ingress:
    {{- if $c.http }}
    # the gateway is the only service reachable from outside the release
    - ports:
        - port: http
          protocol: TCP
      {{- with $np.gatewayFrom }}
      from:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- else if $callers }}
    # gRPC only from the services that call this one
    - ports:
        - port: grpc
          protocol: TCP
      from:
        - podSelector:
            matchExpressions:
              - key: app.kubernetes.io/instance
                operator: In
                values: [{{ $root.Release.Name | quote }}]
              - key: app.kubernetes.io/name
                operator: In
                values: [{{ include "talent.name" $root | quote }}]
              - key: app.kubernetes.io/component
                operator: In
                values:
                  {{- toYaml $callers | nindent 18 }}
    {{- end }}
    - ports:
        - port: metrics
          protocol: TCP
      from:
        {{- if $np.metricsFrom }}
        {{- toYaml $np.metricsFrom | nindent 8 }}
        {{- else }}
        - namespaceSelector: {}
        {{- end }}
  egress:
    {{- include "talent.networkPolicy.baseEgress" (dict "root" $root "database" $c.database) | nindent 4 }}
    - ports:
        {{- range $np.nats.ports }}
        - port: {{ . }}
          protocol: TCP
        {{- end }}
      {{- with $np.nats.to }}
      to:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- range $peer := $c.peers }}
    - ports:
        - port: {{ $root.Values.ports.grpc }}
          protocol: TCP
      to:
        - podSelector:
            matchLabels:
              {{- include "talent.selectorLabels" (dict "root" $root "component" $peer) | nindent 14 }}
    {{- end }}
    {{- if and $c.http (include "talent.gatewayRedis" $root) }}
    # the rate-limit store the gateway replicas share
    - ports:
        {{- range $np.redis.ports }}
        - port: {{ . }}
          protocol: TCP
        {{- end }}
      {{- with $np.redis.to }}
      to:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- end }}
    {{- if include "talent.hasVendor" . }}
    - ports:
        {{- range $np.vendors.ports }}
        - port: {{ . }}
          protocol: TCP
        {{- end }}
      {{- with $np.vendors.to }}
      to:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- end }}
{{- end -}}
