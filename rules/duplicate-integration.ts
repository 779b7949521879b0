import { defineWorkspaceRule } from '../src/core/rule';
import { documentLabel, eachRepeat } from '../src/model/document-label';

/** Where a duplicate and its first are shown. */
const TYPE = ['/type'];

export default defineWorkspaceRule<string>({
  meta: {
    id: 'duplicate-integration',
    kinds: ['integration'],
    defaultSeverity: 'error',
    scope: 'workspace',
    description: 'Two integrations of one type in one project.',
    messages: {
      duplicate: 'A second {{type}} integration: {{documentLabel}} already configures {{type}}, and a project has one configuration per type (the last PUT wins); merge them into one document.',
    },
    docs: {
      why:
        'A project has one integration configuration per type: each PUT to ' +
        '`/integrations/{TYPE}` updates the same configuration. With two documents of one type ' +
        'the last one applied silently wins, so the other is dead (and which one wins depends on ' +
        'the order of deployment). Keep one document per type.',
      bad: `# Two documents of one project scope (here one file; the rule also compares files).
type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: ops-alerts
---
type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: db-alerts
`,
      good: `type: SLACK
apiToken: \${SLACK_BOT_TOKEN}
teamName: Example Corp
channelName: ops-alerts
---
type: PAGER_DUTY
serviceKey: \${PAGERDUTY_SERVICE_KEY}
`,
    },
  },
  // The digest: the integration's type.
  digest: (doc) => {
    const type = (doc.value as any)?.type;
    return typeof type === 'string' ? type : undefined;
  },
  places: () => TYPE,
  check(ctx) {
    eachRepeat(ctx.documents, (doc, first) => {
      const type = doc.digest!;
      ctx.report(doc, {
        pointer: TYPE[0],
        messageId: 'duplicate',
        data: { type, documentLabel: documentLabel(first, doc) },
        related: [
          {
            filePath: first.filePath,
            documentIndex: first.documentIndex,
            pointer: TYPE[0],
            message: `The first ${type} integration.`,
          },
        ],
      });
    });
  },
});
