// Files that look like omlint documents but misspell them, and files of a repository that do not.

/** Misspelt forms of real documents: each must be reported, never skipped. */
export const MISSPELT: Record<string, string> = {
  'alert-case.yaml': 'eventTypename: HOST_DOWN\nenabled: true\nnotifications:\n  - typeName: EMAIL\n    emailAddress: dba@example.com\n    delayMin: 0\n    intervalMin: 60\n',
  'alert-bare.json': '{"eventTypeNmae": "HOST_DOWN"}',
  'window.yaml': 'startDate: 2026-01-01T00:00:00Z\nendDate: 2026-01-02T00:00:00Z\nalertTypeName: [HOST]\n',
  'integration.json': '{"typ": "SLACK", "apiToken": "xoxb-placeholder", "teamName": "ops", "channelName": "alerts"}',
  'modeline.yaml': '# omlint kind=alert-config\neventTypename: HOST_DOWN\n',
  'modeline-only.yaml': '# omlint: kind: integration\ntyp: PAGER_DUTY\n',
};

/** Common YAML/JSON files of a repository that are no Ops Manager document: still skipped. */
export const NOT_OMLINT: Record<string, string> = {
  '.github/workflows/ci.yaml': 'name: CI\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test\n',
  'package.json': '{"name": "app", "version": "1.0.0", "type": "module", "scripts": {"test": "vitest"}, "dependencies": {"yaml": "2.9.1"}, "types": "./index.d.ts"}',
  'tsconfig.json': '{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "strict": true, "types": ["node"]}, "include": ["src"]}',
  'k8s/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.27\n          ports: [{containerPort: 80}]\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  type: ClusterIP\n  ports: [{port: 80}]\n',
  'docker-compose.yml': 'services:\n  mongo:\n    image: mongo:7.0\n    ports: ["27017:27017"]\n    volumes: ["data:/data/db"]\n    environment:\n      MONGO_INITDB_ROOT_USERNAME: root\nvolumes:\n  data: {}\n',
  '.pre-commit-config.yaml': 'repos:\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.6.0\n    hooks:\n      - id: check-yaml\n      - id: end-of-file-fixer\n',
  'openapi.yaml': 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Alert:\n      type: object\n',
  'renovate.json': '{"extends": ["config:recommended"], "packageRules": [{"matchPackageNames": ["yaml"], "enabled": false}]}',
  'milestones.yaml': 'milestones:\n  - title: beta\n    start_date: 2026-01-05\n    end_date: 2026-02-01\nstart_date: 2026-01-01\nend_date: 2026-06-30\n',
  'mkdocs.yml': '# This site is checked by omlint in CI, see README\nsite_name: docs\nnav:\n  - Home: index.md\n',
};

/** Issue 31: files of a repository that do not parse as JSON or YAML and are no Ops Manager document. */
export const NOT_OMLINT_BROKEN: Record<string, string> = {
  // JSON with comments and trailing commas (JSONC), as TypeScript and VS Code read it.
  'app/tsconfig.json': '{\n  // compiler options\n  "compilerOptions": {\n    "strict": true,\n    "target": "es2022", /* the runtime */\n  },\n}\n',
  '.vscode/settings.json': '{\n  // editor settings\n  "editor.formatOnSave": true,\n  "files.exclude": {\n    "**/dist": true\n  },\n}\n',
  'chart/templates/configmap.yaml': [
    '{{- if .Values.config.enabled }}',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: {{ include "app.fullname" . }}',
    '  labels:',
    '    {{- include "app.labels" . | nindent 4 }}',
    'data:',
    '  {{- range $key, $value := .Values.config.data }}',
    '  {{ $key }}: {{ $value | quote }}',
    '  {{- end }}',
    '{{- end }}',
    '',
  ].join('\n'),
  'chart/templates/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  type: {{ .Values.service.type }}\n  ports:\n    {{- range .Values.service.ports }}\n    - port: {{ .port }}\n    {{- end }}\n',
};

/** Texts that do not parse and declare no kind, but whose keys are those of a kind: reported. */
export const BROKEN_OURS: Record<string, string> = {
  'alert.yaml': 'eventTypeName: HOST_DOWN\nenabled: true\nmatchers: [{fieldName: HOSTNAME, operator: EQUALS, value: db1}\nnotifications:\n  - typeName: EMAIL\n',
  'alert-no-event.json': '{"notifications": [{"typeName": "EMAIL", "emailAddress": "a@example.com"}],}',
  'window.yaml': 'alertTypeNames: [HOST\nstartDate: 2030-01-01T00:00:00Z\n',
  'integration.json': '{\n  // the team channel\n  "type": "SLACK", "apiToken": "xoxb-placeholder"\n}\n',
  'automation.json': '{"processes": [{"name": "a", "processType": "mongod", "args2_6": {}}], "replicaSets": [}',
  'ack.yaml': 'acknowledgedUntil: "2030-01-01T00:00:00Z\n',
  'key.yaml': 'desc: ci key\nroles: [GROUP_OWNER\n',
  'access.json': '[{"cidrBlock": "10.0.0.0/8", "comment": "office"},]',
  'alert-misspelt.yaml': 'eventTypename: HOST_DOWN\nmatchers: [\n',
  // Update bodies whose only keys are their own (a trailing comma, an unclosed bracket).
  'window-update.json': '{"startDate": "2030-01-01T00:00:00Z", "endDate": "2030-01-02T00:00:00Z",}',
  'window-update.yaml': 'startDate: 2030-01-01T00:00:00Z\nendDate: [2030-01-02\n',
  'access-ip.json': '[{"ipAddress": "10.0.0.1",}]',
  'key-desc.json': '{"desc": "renamed key",}',
};
