// Rule pages: each bad and good example is linted in the page by the core, and what it finds is
// listed under it (the same findings as `omlint check`), with a link that opens it in the playground.
import { core } from './core-global';
import { encodeState } from './share';


async function lintExample(fig: HTMLElement): Promise<void> {
  const { text, kind, scope } = JSON.parse(fig.dataset.example ?? '{}') as { text: string; kind?: string; scope: string[] };
  const status = fig.querySelector('.live-status')!;
  const list = fig.querySelector('.live-diagnostics')!;
  const link = fig.querySelector<HTMLAnchorElement>('.open-playground')!;
  link.href = `${link.getAttribute('href')}#s=${encodeState({ text, kind: kind ?? '', target: '', config: '' })}`;
  const files = [
    { filePath: '/scope/example.yaml', text, ...(kind ? { kind: kind as never } : {}) },
    ...scope.map((t, i) => ({ filePath: `/scope/other-${i}.yaml`, text: t })),
  ];
  const result = await core().lintFiles({ files, scope: '/scope', cwd: '/scope' });
  const diagnostics = result.files.find((f) => f.filePath === 'example.yaml')?.diagnostics ?? [];
  status.textContent = diagnostics.length ? `omlint finds ${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'}:` : 'omlint finds no problem.';
  for (const d of diagnostics) {
    const li = document.createElement('li');
    li.className = `sev-${d.severity}`;
    const rule = document.createElement('a');
    rule.href = `${d.ruleId}.html`;
    rule.textContent = d.ruleId;
    const sev = document.createElement('span');
    sev.className = 'sev';
    sev.textContent = d.severity;
    li.append(`${d.range.start.line}:${d.range.start.column} `, sev, ' ', d.message, ' (', rule, ')');
    list.append(li);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  for (const fig of document.querySelectorAll<HTMLElement>('.live-example')) {
    lintExample(fig).catch((e: unknown) => {
      fig.querySelector('.live-status')!.textContent = `The example could not be linted: ${String(e)}`;
    });
  }
});
