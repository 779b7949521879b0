// The playground: a CodeMirror 6 editor linted by the core on every change, with the kind, the
// target version and a configuration beside it, the problems as squiggles and as a list, their
// fixes applied in place, and a share link that keeps everything in the URL fragment.
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import { EditorState, StateEffect } from '@codemirror/state';
import { forceLinting, linter, lintKeymap, type Action, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { yaml } from '@codemirror/lang-yaml';
import type { Diagnostic } from '../../src/core/types';
import { core } from './core-global';
import { decodeState, encodeState, type PlaygroundState } from './share';

// No extension: YAML or JSON by the content, as the CLI reads --stdin.
const FILE = '/playground/document';
const CONFIG = '/playground/omlint.config.yaml';
const TARGETS = ['4.4', '5.0', '6.0', '7.0', '8.0'];

// The first document: a clean metric alert.
const START: PlaygroundState = {
  kind: '',
  target: '',
  config: '',
  text: `# An alert configuration (Ops Manager Public API v1.0). Edit it: omlint lints as you type.
eventTypeName: OUTSIDE_METRIC_THRESHOLD
enabled: true
metricThreshold:
  metricName: CONNECTIONS
  mode: AVERAGE
  operator: GREATER_THAN
  threshold: 5000
  units: RAW
notifications:
  - typeName: EMAIL
    emailAddress: dba-oncall@example.com
    delayMin: 5
    intervalMin: 60
`,
};

/** The kind, the target version or the config changed: lint again though the text did not. */
const settingsChanged = StateEffect.define<null>();

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** For bench/site.ts and the tests: when the first diagnostics were shown (performance.now()). */
declare global {
  interface Window {
    omlintPlayground?: { firstDiagnosticsAt?: number; runs: number; view: EditorView };
  }
}

function init(): void {
  const kind = $<HTMLSelectElement>('kind');
  const target = $<HTMLSelectElement>('target');
  const config = $<HTMLTextAreaElement>('config');
  const configStatus = $('config-status');
  const summary = $('summary');
  const problems = $<HTMLUListElement>('problems');
  const { KINDS } = core();
  for (const k of KINDS) kind.add(new Option(k, k));
  for (const v of TARGETS) target.add(new Option(v, v));

  const state = decodeState(location.hash) ?? START;
  kind.value = state.kind;
  target.value = state.target;
  config.value = state.config;

  const actionsOf = (d: Diagnostic, text: string): Action[] =>
    [...(d.fix ? [d.fix] : []), ...(d.suggestions ?? [])].map((f) => ({
      name: f.title,
      apply: (view: EditorView) => applyEdits(view, f.edits, text),
    }));

  const source = async (view: EditorView): Promise<CmDiagnostic[]> => {
    const text = view.state.doc.toString();
    const configText = config.value.trim() ? config.value : undefined;
    const result = await core().lintFiles({
      files: [{ filePath: FILE, text, ...(configText ? { config: CONFIG } : {}) }],
      configs: configText ? { [CONFIG]: configText } : {},
      kind: kind.value,
      targetVersion: target.value,
      cwd: '/playground',
    });
    // The view moved on while this text was linted: its own run will answer.
    if (view.state.doc.toString() !== text) return [];
    configStatus.textContent = result.configError ? `Configuration error: ${result.configError}` : configText ? 'Configuration applied.' : 'No configuration.';
    configStatus.classList.toggle('error', Boolean(result.configError));
    const diagnostics = result.files[0]?.diagnostics ?? [];
    showList(view, diagnostics, text, result.configError);
    const p = window.omlintPlayground!;
    p.runs++;
    p.firstDiagnosticsAt ??= performance.now();
    const len = view.state.doc.length;
    return diagnostics.map((d) => {
      const from = Math.min(d.span?.start ?? 0, len);
      return {
        from,
        to: Math.max(from, Math.min(d.span?.end ?? from, len)),
        severity: d.severity,
        source: d.ruleId,
        message: d.message,
        actions: actionsOf(d, text),
      };
    });
  };

  const showList = (view: EditorView, diagnostics: Diagnostic[], text: string, configError?: string) => {
    problems.replaceChildren();
    const n = diagnostics.length;
    summary.textContent = configError ? 'The configuration does not load: the CLI would stop with exit code 2.' : n ? `${n} problem${n === 1 ? '' : 's'}.` : 'No problems.';
    for (const d of diagnostics) {
      const li = document.createElement('li');
      li.className = `problem sev-${d.severity}`;
      const where = document.createElement('button');
      where.type = 'button';
      where.className = 'goto';
      // The visible "5:15" is part of the name a screen reader says ("Go to line 5:15").
      const hidden = document.createElement('span');
      hidden.className = 'visually-hidden';
      hidden.textContent = 'Go to line ';
      where.append(hidden, `${d.range.start.line}:${d.range.start.column}`);
      where.addEventListener('click', () => {
        view.dispatch({ selection: { anchor: Math.min(d.span?.start ?? 0, view.state.doc.length) }, scrollIntoView: true });
        view.focus();
      });
      const sev = document.createElement('span');
      sev.className = 'sev';
      sev.textContent = d.severity;
      const msg = document.createElement('span');
      msg.className = 'message';
      msg.textContent = d.message;
      const rule = document.createElement('a');
      rule.className = 'rule';
      rule.href = `rules/${d.ruleId}.html`;
      rule.textContent = d.ruleId;
      li.append(where, ' ', sev, ' ', msg, ' ', rule);
      for (const f of [...(d.fix ? [d.fix] : []), ...(d.suggestions ?? [])]) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'fix';
        b.textContent = f.title;
        b.addEventListener('click', () => applyEdits(view, f.edits, text));
        li.append(' ', b);
      }
      problems.append(li);
    }
  };

  window.omlintPlayground = { runs: 0, view: undefined as unknown as EditorView };
  const view = new EditorView({
    parent: $('editor'),
    state: EditorState.create({
      doc: state.text,
      extensions: [
        basicSetup,
        yaml(),
        linter(source, { delay: 200, needsRefresh: (u) => u.transactions.some((t) => t.effects.some((e) => e.is(settingsChanged))) }),
        keymap.of(lintKeymap),
        EditorView.contentAttributes.of({ 'aria-label': 'Document (YAML or JSON)', 'aria-describedby': 'editor-help' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) updateShare();
        }),
      ],
    }),
  });
  window.omlintPlayground.view = view;

  const current = (): PlaygroundState => ({ text: view.state.doc.toString(), kind: kind.value, target: target.value, config: config.value });
  const shareInput = $<HTMLInputElement>('share-link');
  /** Whether the last link masked a secret of the document or the config. */
  let sharedMasked = false;
  function updateShare(): void {
    const state = current();
    // The link carries no secret: they are masked as the CLI masks its outputs.
    const shared = { ...state, text: core().maskForShare(state.text), config: core().maskForShare(state.config) };
    sharedMasked = shared.text !== state.text || shared.config !== state.config;
    shareInput.value = `${location.href.split('#')[0]}#s=${encodeState(shared)}`;
  }
  const relint = () => {
    updateShare();
    view.dispatch({ effects: settingsChanged.of(null) });
    forceLinting(view);
  };
  for (const el of [kind, target]) el.addEventListener('change', relint);
  config.addEventListener('input', relint);
  const maskedNote = () => (sharedMasked ? ' Its secrets are masked (****): fill them in after opening it.' : '');
  $('share').addEventListener('click', async () => {
    updateShare();
    // The address bar holds the state too (replaceState: the Back button is not filled with edits).
    history.replaceState(null, '', shareInput.value);
    const status = $('share-status');
    try {
      await navigator.clipboard.writeText(shareInput.value);
      status.textContent = `Link copied. It holds the document itself; nothing was uploaded.${maskedNote()}`;
    } catch {
      shareInput.select();
      status.textContent = `Copy the selected link. It holds the document itself; nothing was uploaded.${maskedNote()}`;
    }
  });
  window.addEventListener('hashchange', () => {
    const s = decodeState(location.hash);
    if (!s) return;
    kind.value = s.kind;
    target.value = s.target;
    config.value = s.config;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.text }, effects: settingsChanged.of(null) });
  });
  updateShare();
  forceLinting(view);
}

/** A fix's edits applied in one transaction; they are offsets of the linted text, so only to that text. */
function applyEdits(view: EditorView, edits: { span: { start: number; end: number }; text: string }[], linted: string): void {
  if (view.state.doc.toString() !== linted) {
    forceLinting(view); // the document changed since: its own fixes come with the next run
    return;
  }
  view.dispatch({ changes: edits.map((e) => ({ from: e.span.start, to: e.span.end, insert: e.text })), userEvent: 'input.fix' });
  view.focus();
}

document.addEventListener('DOMContentLoaded', () => {
  try {
    init();
  } catch (e) {
    document.getElementById('summary')!.textContent = `The playground could not start: ${String(e)}`;
  }
});
