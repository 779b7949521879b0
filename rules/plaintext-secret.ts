import { defineRule } from '../src/core/rule';
import { documentSecrets, fieldPath, isRedactionMask, KINDS_WITH_SECRETS } from '../src/model/secrets';

export default defineRule({
  meta: {
    id: 'plaintext-secret',
    kinds: KINDS_WITH_SECRETS,
    defaultSeverity: 'warning',
    description: 'A secret field holds a literal secret in a file meant for version control.',
    messages: {
      plaintext: '{{fieldPath}} holds a literal secret; keep secrets out of version control by using a placeholder such as ${VAR} that your deployment tool fills in, or list your placeholder pattern in the config\'s secretPlaceholders.',
    },
    docs: {
      versions: 'every version: the rule reads no version (secret fields are the same in every Ops Manager release).',
      why:
        'API keys, tokens, webhook URLs and passwords in a committed file are readable by everyone ' +
        'with access to the repository and its history. Keep a placeholder in the file (`${VAR}`, ' +
        '`{{ var }}`, `<var>`, `$(command)`, or a pattern listed in the config\'s ' +
        '`secretPlaceholders`) and let the deployment tool substitute the value.',
      bad: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SLACK
    apiToken: xoxb-2291837465-5521937465123-kq8Zt3YhVbN2mXwP7cLd9FsR
    channelName: "#db-alerts"
    delayMin: 0
    intervalMin: 60
`,
      good: `eventTypeName: HOST_DOWN
enabled: true
notifications:
  - typeName: SLACK
    apiToken: \${SLACK_BOT_TOKEN}
    channelName: "#db-alerts"
    delayMin: 0
    intervalMin: 60
`,
    },
  },
  check(ctx) {
    for (const secret of documentSecrets(ctx.facts, ctx.kind)) {
      // Masks are redacted-secret's; placeholders are the way out.
      if (ctx.isTemplate(secret.value) || isRedactionMask(secret.value)) continue;
      ctx.report({
        pointer: secret.pointer,
        messageId: 'plaintext',
        data: { fieldPath: fieldPath(secret.pointer) },
      });
    }
  },
});
