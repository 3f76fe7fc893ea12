/** The stylesheet of the emulator's own pages, served from `/__harness/assets/pages.css` (no inline styles: CSP). */
export const PAGES_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #eef1f6; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px; }
main { width: 100%; max-width: 420px; background: #fff; border-radius: 14px; padding: 32px;
  box-shadow: 0 1px 2px rgba(15, 23, 42, .06), 0 12px 32px rgba(15, 23, 42, .10); }
.badge { display: inline-block; margin: 0 0 12px; padding: 4px 10px; border-radius: 999px; font-size: 12px;
  font-weight: 600; letter-spacing: .02em; color: #7c2d12; background: #ffedd5; border: 1px solid #fdba74; }
h1 { margin: 0 0 8px; font-size: 24px; }
h2 { margin: 24px 0 8px; font-size: 14px; text-transform: uppercase; letter-spacing: .04em; color: #4b5563; }
p { line-height: 1.5; }
.note { margin: 0 0 20px; color: #4b5563; font-size: 14px; }
label { display: block; margin: 14px 0 6px; font-weight: 600; font-size: 14px; }
input[type=email], input[type=password] { width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #cbd5e1;
  border-radius: 8px; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
button { font: inherit; cursor: pointer; border-radius: 8px; padding: 10px 16px; border: 1px solid #cbd5e1;
  background: #fff; color: #1f2937; }
button.primary { width: 100%; margin-top: 20px; border-color: #1d4ed8; background: #1d4ed8; color: #fff; font-weight: 600; }
button.primary:hover { background: #1e40af; }
button.secondary:hover { background: #f1f5f9; }
.quick form { margin: 0 0 8px; }
.quick button { width: 100%; text-align: left; font-size: 14px; }
.error { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; color: #991b1b; background: #fee2e2;
  border: 1px solid #fca5a5; }
.lines { list-style: none; margin: 0 0 16px; padding: 0; border-top: 1px solid #e5e7eb; }
.lines li { display: flex; justify-content: space-between; align-items: baseline; gap: 16px; padding: 12px 0;
  border-bottom: 1px solid #e5e7eb; font-size: 15px; }
.lines .amount { text-align: right; color: #374151; }
.price { font-size: 20px; font-weight: 700; margin: 8px 0 4px; }
.then { margin: 0 0 16px; color: #4b5563; font-size: 15px; }
.package { margin: 0; font-size: 16px; font-weight: 600; }
.lines .package { font-size: 15px; }
fieldset.methods { margin: 16px 0 0; padding: 0; border: 0; min-width: 0; }
legend { padding: 0; font-weight: 600; font-size: 14px; }
label.choice { display: flex; align-items: center; gap: 10px; margin: 8px 0 0; padding: 12px 14px; font-weight: 500;
  border: 1px solid #cbd5e1; border-radius: 8px; cursor: pointer; }
label.choice:has(input:checked) { border-color: #1d4ed8; background: #eff6ff; }
label.choice input { margin: 0; accent-color: #1d4ed8; }
.ref { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; color: #6b7280; word-break: break-all; }
.actions { display: flex; gap: 12px; margin-top: 24px; }
.actions form { flex: 1; }
.actions button { width: 100%; }
.actions button.primary { margin-top: 0; }
`;
