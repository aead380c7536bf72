/**
 * The dashboard's one stylesheet, served from `/dashboard/assets/dashboard.css` (its CSP allows no inline style).
 * Phone first: tables become one card per row below 48rem (each cell labelled by its column, `data-label`),
 * forms wrap, nothing is wider than the screen from 320 px up; the header and menu keep to a fifth of a 390x844 phone
 * (one row of brand and tools, the menu one row that scrolls sideways). Colours meet WCAG AA contrast (4.5:1 for text,
 * 3:1 for borders of controls).
 */
export const DASHBOARD_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f4f6f9}
a{color:#0b4f8a}
:focus-visible{outline:3px solid #c77c00;outline-offset:2px}
.skip{position:absolute;left:-9999px;top:.5rem;background:#fff;color:#0b4f8a;padding:.5rem 1rem;border-radius:4px;z-index:2}
.skip:focus{left:.5rem}
.top{background:#0b3a66;color:#fff;padding:.5rem 1rem .25rem}
.top a{color:#fff}
.top :focus-visible{outline-color:#ffd27a}
.bar,.top nav ul,main,.foot{max-width:72rem;margin-inline:auto}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem 1rem}
.brand{margin:0;font-weight:700}
.who{margin:0;font-size:.875rem;color:#dbe6f2;overflow-wrap:anywhere}
.tools{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
.tools form{margin:0}
.tools button{font:inherit;font-size:.875rem;color:#fff;background:transparent;border:1px solid #dbe6f2;border-radius:4px;padding:.25rem .75rem;min-height:2.25rem;cursor:pointer}
.top nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:0 1rem;padding:0;margin-top:.25rem;margin-bottom:0}
.top nav a{display:inline-block;padding:.4rem 0;text-decoration:none;border-bottom:3px solid transparent}
.top nav a:hover{border-bottom-color:#8fb3d9}
.top nav a[aria-current=page]{border-bottom-color:#ffd27a;font-weight:600}
main{padding:1rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem}
p{margin:.5rem 0}
.note{color:#454f5c;font-size:.875rem}
.flash{padding:.75rem 1rem;border-radius:6px;border:1px solid;margin:0 0 1rem;overflow-wrap:anywhere}
.flash.ok{background:#e6f4ea;border-color:#1e6b34}
.flash.no{background:#fdeaec;border-color:#a0131f}
.flash strong{margin-right:.25rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));gap:.75rem;margin:0 0 1rem;padding:0;list-style:none}
.stats li{background:#fff;border:1px solid #d5dbe3;border-radius:6px;padding:.75rem 1rem}
.stats .label{display:block;font-size:.875rem;color:#454f5c}
.stats .value{display:block;font-size:1.25rem;font-weight:600;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d5dbe3}
caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{text-align:left;padding:.5rem .6rem;border-bottom:1px solid #d5dbe3;vertical-align:top}
th{font-size:.875rem;color:#39424d;background:#eef1f5}
td.num,th.num{text-align:right}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
td.text{overflow-wrap:anywhere;min-width:8rem}
.mono,code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
.mono{overflow-wrap:break-word}
pre{background:#fff;border:1px solid #d5dbe3;border-radius:6px;padding:.75rem;margin:.5rem 0;overflow:auto;max-height:32rem;white-space:pre}
details{margin:.25rem 0}
summary{cursor:pointer}
.tag{justify-self:start;display:inline-block;padding:0 .5rem;border-radius:1rem;font-size:.8125rem;font-weight:600;background:#e8ecf1;color:#2f3842;white-space:nowrap}
.tag.good{background:#e6f4ea;color:#1b5e2f}
.tag.bad{background:#fdeaec;color:#8e1019}
.tag.wait{background:#fff3d6;color:#5c4000}
dl.facts{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.35rem 1rem;margin:0 0 1rem;background:#fff;border:1px solid #d5dbe3;border-radius:6px;padding:.75rem 1rem}
dl.facts dt{font-weight:600;color:#39424d}
dl.facts dd{margin:0;overflow-wrap:anywhere}
form.filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem 1rem;margin:0 0 1rem;padding:.75rem 1rem;background:#fff;border:1px solid #d5dbe3;border-radius:6px}
.field{display:flex;flex-direction:column;gap:.2rem;min-width:0}
.field label{font-size:.875rem;font-weight:600}
input,select{font:inherit;min-height:2.5rem;padding:.35rem .5rem;border:1px solid #5b6573;border-radius:4px;background:#fff;color:#1b1f24;max-width:100%}
input[type=checkbox]{min-height:auto;width:1.25rem;height:1.25rem;margin:0}
.check{display:flex;align-items:center;gap:.5rem}
button{font:inherit;min-height:2.5rem;padding:.4rem 1rem;border-radius:4px;border:2px solid #0b4f8a;background:#0b4f8a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b4f8a}
button.danger{background:#a0131f;border-color:#a0131f}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:.5rem 0 1rem}
.actions form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:0}
.sim{flex:1 1 100%}
.date{white-space:nowrap}
.sim .note{margin:.25rem 0 0;overflow-wrap:anywhere}
.panel{background:#fff;border:1px solid #d5dbe3;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
.panel h2{margin-top:0}
.pager{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0}
.signin{max-width:28rem;margin:2rem auto;background:#fff;border:1px solid #d5dbe3;border-radius:8px;padding:1.5rem}
.signin form{display:flex;flex-direction:column;gap:.75rem}
.signin input{width:100%}
.error{color:#a0131f;font-weight:600}
.foot{padding:1rem;color:#454f5c;font-size:.875rem}
@media (min-width:48rem){td time{white-space:nowrap}}
@media (max-width:47.99rem){
.top{padding:.25rem 1rem 0}
.bar{flex-wrap:nowrap;align-items:flex-start}
.bar>div:first-child{flex:1 1 auto;min-width:0}
.tools{flex-wrap:nowrap;gap:.5rem;flex:none}
.tools button{padding:.15rem .5rem;min-height:2rem}
.top nav ul{flex-wrap:nowrap;overflow-x:auto;white-space:nowrap;margin-top:0;scrollbar-width:thin}
.top nav a{padding:.3rem 0}
table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack{border:0;background:transparent}
table.stack caption{display:block}
table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.stack tr{background:#fff;border:1px solid #d5dbe3;border-radius:6px;margin:0 0 .75rem;padding:.25rem 0}
table.stack td{display:grid;grid-template-columns:minmax(6.5rem,35%) minmax(0,1fr);overflow-wrap:anywhere;gap:.5rem;border:0;padding:.25rem .75rem;text-align:left;white-space:normal}
table.stack td::before{content:attr(data-label);font-weight:600;font-size:.875rem;color:#39424d}
dl.facts{grid-template-columns:1fr}
dl.facts dd{margin-bottom:.35rem}
}`;
