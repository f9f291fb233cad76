/// The page's style sheet: phone-width first, two columns on wide windows, visible focus everywhere.
enum PageStyle {
    static let text = #"""
:root { color-scheme: light; --accent: #1d4ed8; --line: #d4d4d8; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: #f4f4f5; color: #18181b; line-height: 1.4; }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; z-index: 2; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.bar { display: flex; align-items: center; gap: 12px; padding: 8px 16px; background: #fff; border-bottom: 1px solid var(--line); }
.bar h1 { font-size: 1.1rem; margin: 0; flex: 1; overflow-wrap: anywhere; }
.tag { font-size: .8rem; background: #e4e4e7; border-radius: 4px; padding: 2px 6px; }
.tag:empty { display: none; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px; }
.layout > * { min-width: 0; }
code { overflow-wrap: anywhere; }
@media (min-width: 900px) { .layout { grid-template-columns: 420px minmax(0, 1fr); } }
.screen { background: #fff; border: 1px solid var(--line); border-radius: 24px; padding: 20px; min-height: 520px; max-width: 420px;
  display: flex; flex-direction: column; gap: 12px; overflow-wrap: anywhere; }
.screen h2 { margin: 0; font-size: 1.4rem; }
.subtitle { font-weight: 600; margin: 0; }
.detail { margin: 0; white-space: pre-wrap; }
.kind { font-size: .75rem; color: #71717a; margin: 0; text-transform: uppercase; letter-spacing: .04em; }
.image { border: 2px dashed var(--line); border-radius: 12px; padding: 24px; text-align: center; color: #71717a; }
fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; }
legend { font-weight: 600; margin-bottom: 4px; }
.choice { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; cursor: pointer; }
.choice input { width: 1.2rem; height: 1.2rem; }
.field { display: flex; flex-direction: column; gap: 4px; }
.field input[type=text], .field input[type=number], .field input[type=time], .field textarea { font: inherit; padding: 8px; border: 1px solid #a1a1aa; border-radius: 8px; }
.likert { display: flex; gap: 6px; flex-wrap: wrap; }
.likert label { display: flex; flex-direction: column; align-items: center; min-width: 2.5rem; }
.bounds { display: flex; justify-content: space-between; font-size: .8rem; color: #52525b; }
.hint { font-size: .8rem; color: #52525b; margin: 0; }
.message { color: #b91c1c; margin: 0; min-height: 1.2em; }
.problem { background: #fef2f2; border: 1px solid #fca5a5; color: #7f1d1d; padding: 12px; border-radius: 8px; white-space: pre-wrap; }
.buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: auto; }
button { font: inherit; padding: 10px 16px; border-radius: 10px; border: 1px solid #a1a1aa; background: #fff; cursor: pointer; min-height: 44px; }
button[data-button=goForward] { background: var(--accent); color: #fff; border-color: var(--accent); flex: 1; }
.side section { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 12px 16px; margin-bottom: 12px; }
.side h2 { font-size: 1rem; margin: 0 0 8px; }
#route li.current { font-weight: 700; }
#route .back { color: #71717a; font-size: .8rem; }
.findings li { margin-bottom: 4px; }
.sev-error { color: #b91c1c; }
.sev-warning { color: #a16207; }
.graph { overflow: auto; max-height: 480px; border: 1px solid var(--line); border-radius: 8px; }
.graph-canvas { position: relative; width: max-content; }
.graph img { display: block; max-width: none; }
.graph-mark { position: absolute; border: 4px solid var(--accent); border-radius: 12px; pointer-events: none; }
.graph-mark[hidden] { display: none; }
.status { font-weight: 600; }
"""#
}
