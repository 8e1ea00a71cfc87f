// A small reader of the Markdown our rules texts use (docs/rules/*.md):
// headings, paragraphs, lists, tables, `code` and **bold**. It builds DOM
// nodes with textContent only, never HTML from the text, so a rules file can
// show nothing but text.
"use strict";

function markdownInline(parent, text) {
  // **bold** and `code`; everything else is plain text.
  const parts = text.split(/(\*\*[^*]+\*\*|`[^`]+`)/);
  for (const p of parts) {
    if (!p) continue;
    if (p.startsWith("**") && p.endsWith("**") && p.length > 4) {
      const b = document.createElement("strong");
      b.textContent = p.slice(2, -2);
      parent.append(b);
    } else if (p.startsWith("`") && p.endsWith("`") && p.length > 2) {
      const c = document.createElement("code");
      c.textContent = p.slice(1, -1);
      parent.append(c);
    } else parent.append(document.createTextNode(p));
  }
}

function markdownNodes(text) {
  const out = [];
  const lines = text.replace(/\r/g, "").split("\n");
  let i = 0;
  const block = (tag, content) => {
    const e = document.createElement(tag);
    markdownInline(e, content);
    out.push(e);
  };
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const h = line.match(/^(#{1,6})\s+(.*)$/);
    if (h) { block("h" + Math.min(6, h[1].length + 2), h[2]); i++; continue; }
    if (/^\s*\|/.test(line)) {
      const table = document.createElement("table");
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        const cells = lines[i].trim().replace(/^\||\|$/g, "").split("|");
        if (cells.every(c => /^\s*:?-+:?\s*$/.test(c))) continue;  // the header rule
        const tr = document.createElement("tr");
        for (const c of cells) {
          const td = document.createElement(table.rows.length ? "td" : "th");
          markdownInline(td, c.trim());
          tr.append(td);
        }
        table.append(tr);
      }
      out.push(table);
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const list = document.createElement(/^\s*\d+\./.test(line) ? "ol" : "ul");
      let item = null;
      for (; i < lines.length && lines[i].trim(); i++) {
        const m = lines[i].match(/^\s*([-*]|\d+\.)\s+(.*)$/);
        if (m) { item = document.createElement("li"); list.append(item); markdownInline(item, m[2]); }
        else if (item) markdownInline(item, " " + lines[i].trim());  // a continued item
      }
      out.push(list);
      continue;
    }
    if (/^( {4}|\t|```)/.test(line)) {
      const fenced = line.startsWith("```");
      const body = [];
      if (fenced) {
        for (i++; i < lines.length && !lines[i].startsWith("```"); i++) body.push(lines[i]);
        i++;
      } else {
        for (; i < lines.length && /^( {4}|\t)/.test(lines[i]); i++) body.push(lines[i].replace(/^( {4}|\t)/, ""));
      }
      const pre = document.createElement("pre");
      pre.textContent = body.join("\n");
      out.push(pre);
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !/^(#|\s*\||\s*[-*]\s|\s*\d+\.\s|```)/.test(lines[i]); i++) para.push(lines[i].trim());
    if (!para.length) { para.push(line.trim()); i++; }
    block("p", para.join(" "));
  }
  return out;
}
