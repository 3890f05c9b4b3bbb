/**
 * The page's only style sheet, sent inline and allowed by its hash in the Content-Security-Policy
 * (no other style, no script, no image). Readable in light and dark mode, usable at any width.
 */
export const PAGE_STYLE = `
:root { color-scheme: light dark; --ink: #1d2430; --muted: #5b6575; --line: #d5dae2; --card: #ffffff; --back: #f3f5f8; --accent: #245fb0; --ok: #1f7a3d; --bad: #a3262a; }
@media (prefers-color-scheme: dark) { :root { --ink: #e6e9ef; --muted: #a4adbb; --line: #3a4250; --card: #1e232b; --back: #14181e; --accent: #7fb0f0; --ok: #6fd08f; --bad: #f08a8d; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--back); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
p.lead { color: var(--muted); margin-top: 0; }
.notice { border-left: 4px solid var(--accent); background: var(--card); padding: .75rem 1rem; margin: 1rem 0; }
.notice.bad { border-color: var(--bad); }
.notice.ok { border-color: var(--ok); }
fieldset { background: var(--card); border: 1px solid var(--line); border-radius: 10px; margin: 1rem 0; padding: 1rem 1.25rem; }
legend { font-weight: 650; font-size: 1.15rem; padding: 0 .35rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
label.check { display: flex; gap: .5rem; align-items: center; font-weight: 600; }
input[type=email], input[type=password] { width: 100%; padding: .5rem .6rem; font: inherit; color: inherit; background: var(--back); border: 1px solid var(--line); border-radius: 6px; }
.hint { color: var(--muted); font-size: .92rem; margin: .25rem 0 0; }
.state { font-size: .92rem; margin: .5rem 0 0; }
.set { color: var(--ok); font-weight: 600; }
.unset { color: var(--muted); font-weight: 600; }
button { font: inherit; font-weight: 650; color: #fff; background: var(--accent); border: 0; border-radius: 8px; padding: .65rem 1.4rem; cursor: pointer; }
ul.results { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1rem 1rem 2.25rem; }
.failed { color: var(--bad); }
footer { color: var(--muted); font-size: .85rem; margin: 2rem 0; }
a { color: var(--accent); }
`;
