{{/*
Everything one service needs: ConfigMap, ServiceAccount, Deployment, Service, PodDisruptionBudget,
HorizontalPodAutoscaler, NetworkPolicy, ServiceMonitor and its migration hook Job.
Called by the per-service templates (gateway.yaml, documents.yaml, ...). Args: root, component
*/}}
{{- define "talent.workload" -}}
{{- $root := .root -}}
{{- $name := .component -}}
{{- $v := get $root.Values $name -}}
{{- $c := get (include "talent.catalog" $root | fromYaml) $name -}}
{{- $fullName := include "talent.componentName" . -}}
{{- $ctx := dict "root" $root "component" $name -}}
{{- $keda := and (hasKey $v "keda") $v.keda.enabled -}}
{{- $configData := include "talent.configData" $ctx -}}
{{- include "talent.validate" $root -}}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
data:
  {{- $configData | nindent 2 }}
{{- if $root.Values.serviceAccount.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
  {{- with $root.Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: {{ $root.Values.serviceAccount.automountServiceAccountToken }}
{{- end }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
spec:
  {{- if not (or $v.autoscaling.enabled $keda) }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "talent.selectorLabels" $ctx | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "talent.labels" $ctx | nindent 8 }}
        {{- with $v.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ $configData | sha256sum }}
        checksum/secret: {{ include "talent.secretData" $root | sha256sum }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      {{- include "talent.podSpecCommon" $ctx | trim | nindent 6 }}
      terminationGracePeriodSeconds: {{ $root.Values.shutdown.terminationGracePeriodSeconds }}
      enableServiceLinks: false
      {{- with $v.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      containers:
        - name: {{ $name }}
          image: {{ include "talent.image" $ctx | quote }}
          imagePullPolicy: {{ $v.image.pullPolicy | default $root.Values.image.pullPolicy }}
          ports:
            {{- if $c.http }}
            - name: http
              containerPort: {{ $root.Values.ports.http }}
              protocol: TCP
            {{- else }}
            - name: grpc
              containerPort: {{ $root.Values.ports.grpc }}
              protocol: TCP
            {{- end }}
            - name: metrics
              containerPort: {{ $root.Values.ports.metrics }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ $fullName }}
            {{- with $v.envFrom }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- $secretEnv := include "talent.secretEnv" $ctx }}
          {{- if or $secretEnv $v.env }}
          env:
            {{- with $secretEnv }}
            {{- . | trim | nindent 12 }}
            {{- end }}
            {{- with $v.env }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- end }}
          {{- if $c.http }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 2
            failureThreshold: 30
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: 5
            timeoutSeconds: 2
            failureThreshold: 2
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 10
            timeoutSeconds: 2
            failureThreshold: 3
          {{- else }}
          startupProbe:
            grpc:
              port: {{ $root.Values.ports.grpc }}
            periodSeconds: 2
            failureThreshold: 30
          readinessProbe:
            grpc:
              port: {{ $root.Values.ports.grpc }}
            periodSeconds: 5
            timeoutSeconds: 2
            failureThreshold: 2
          livenessProbe:
            grpc:
              port: {{ $root.Values.ports.grpc }}
            periodSeconds: 10
            timeoutSeconds: 2
            failureThreshold: 3
          {{- end }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "{{ $root.Values.shutdown.preStopSleepSeconds }}"]
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with $v.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $root.Values.tmpSizeLimit }}
        {{- with $v.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      topologySpreadConstraints:
        {{- if $v.topologySpreadConstraints }}
        {{- toYaml $v.topologySpreadConstraints | nindent 8 }}
        {{- else }}
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "talent.selectorLabels" $ctx | nindent 14 }}
        {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
  {{- with $v.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $v.service.type }}
  selector:
    {{- include "talent.selectorLabels" $ctx | nindent 4 }}
  ports:
    {{- if $c.http }}
    - name: http
      port: {{ $v.service.port }}
      targetPort: http
      protocol: TCP
      appProtocol: http
    {{- else }}
    - name: grpc
      port: {{ $root.Values.ports.grpc }}
      targetPort: grpc
      protocol: TCP
      appProtocol: grpc
    {{- end }}
    - name: metrics
      port: {{ $root.Values.ports.metrics }}
      targetPort: metrics
      protocol: TCP
      appProtocol: http
{{- if $v.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
spec:
  {{- if not (kindIs "invalid" $v.podDisruptionBudget.minAvailable) }}
  minAvailable: {{ $v.podDisruptionBudget.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $v.podDisruptionBudget.maxUnavailable }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "talent.selectorLabels" $ctx | nindent 6 }}
{{- end }}
{{- if and $v.autoscaling.enabled (not $keda) }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $fullName }}
  minReplicas: {{ $v.autoscaling.minReplicas }}
  maxReplicas: {{ $v.autoscaling.maxReplicas }}
  metrics:
    {{- with $v.autoscaling.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
    {{- with $v.autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end }}
{{- if $root.Values.networkPolicy.enabled }}
{{- include "talent.networkPolicy" $ctx }}
{{- end }}
{{- if $root.Values.serviceMonitor.enabled }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ $fullName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
    {{- with $root.Values.serviceMonitor.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  selector:
    matchLabels:
      {{- include "talent.selectorLabels" $ctx | nindent 6 }}
  endpoints:
    - port: metrics
      path: /metrics
      interval: {{ $root.Values.serviceMonitor.interval }}
      scrapeTimeout: {{ $root.Values.serviceMonitor.scrapeTimeout }}
{{- end }}
{{- if and $c.database $root.Values.migrations.enabled }}
{{- include "talent.migrationJob" $ctx }}
{{- end }}
{{- end -}}

{{/* Pod-level settings shared by Deployments and migration Jobs. Args: root, component, migration (bool) */}}
{{- define "talent.podSpecCommon" -}}
{{- $root := .root -}}
{{- $v := get $root.Values .component -}}
{{- if and .migration $root.Values.serviceAccount.create }}
serviceAccountName: {{ include "talent.componentName" (dict "root" $root "component" "migrations") }}
{{- else }}
serviceAccountName: {{ include "talent.serviceAccountName" . }}
{{- end }}
automountServiceAccountToken: {{ $root.Values.serviceAccount.automountServiceAccountToken }}
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
{{- with $v.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $v.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $v.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Pre-install/pre-upgrade migration Job of a service. Args: root, component */}}
{{- define "talent.migrationJob" -}}
{{- $root := .root -}}
{{- $name := .component -}}
{{- $v := get $root.Values $name -}}
{{- $m := $root.Values.migrations -}}
{{- $ctx := dict "root" $root "component" "migrations" -}}
{{- $jobName := printf "%s-migrate" (include "talent.componentName" .) | trunc 63 | trimSuffix "-" }}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ $jobName }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "talent.labels" $ctx | nindent 4 }}
    talent.dev/service: {{ $name }}
  annotations:
    # Hooks run before the release's ordinary objects exist: the Job reads its settings inline,
    # secrets from existing Secrets or from the hook copy of the chart Secret (weight -10).
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation
spec:
  backoffLimit: {{ $m.backoffLimit }}
  activeDeadlineSeconds: {{ $m.activeDeadlineSeconds }}
  {{- if not (kindIs "invalid" $m.ttlSecondsAfterFinished) }}
  ttlSecondsAfterFinished: {{ $m.ttlSecondsAfterFinished }}
  {{- end }}
  template:
    metadata:
      labels:
        {{- include "talent.labels" $ctx | nindent 8 }}
        talent.dev/service: {{ $name }}
    spec:
      {{- include "talent.podSpecCommon" (dict "root" $root "component" $name "migration" true) | trim | nindent 6 }}
      restartPolicy: Never
      enableServiceLinks: false
      containers:
        - name: migrate
          image: {{ include "talent.image" . | quote }}
          imagePullPolicy: {{ $v.image.pullPolicy | default $root.Values.image.pullPolicy }}
          command:
            {{- toYaml $m.command | nindent 12 }}
          {{- with $v.envFrom }}
          envFrom:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          env:
            {{- range $k, $val := include "talent.configData" . | fromYaml }}
            - name: {{ $k }}
              value: {{ $val | toString | quote }}
            {{- end }}
            {{- with include "talent.secretEnv" (dict "root" $root "component" $name "hook" true) }}
            {{- . | trim | nindent 12 }}
            {{- end }}
            {{- with $v.env }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          resources:
            {{- toYaml $m.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with $v.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $root.Values.tmpSizeLimit }}
        {{- with $v.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
{{- end -}}
