/**
 * The rich-text sanitiser against the OWASP XSS Filter Evasion Cheat Sheet: each example, run
 * through it, leaves nothing that runs script, loads something from elsewhere or styles the page;
 * and what it keeps of an editor's ordinary output is kept as it was.
 */
import { describe, expect, it } from 'vitest';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { htmlOfPlainText, isBlankHtml, safeHref, sanitizeHtml } from './sanitizeHtml.ts';

/** The OWASP cheat sheet's examples (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html). */
const OWASP: [string, string][] = [
  ['basic script', '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>'],
  ['polyglot', 'javascript:/*--></title></style></textarea></script></xmp><svg/onload=\'+/"/+/onmouseover=1/+/[*/[]/+alert(1)//\'>'],
  ['image javascript', '<IMG SRC="javascript:alert(\'XSS\');">'],
  ['no quotes no semicolon', '<IMG SRC=javascript:alert(\'XSS\')>'],
  ['case insensitive', '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>'],
  ['html entities', '<IMG SRC=javascript:alert(&quot;XSS&quot;)>'],
  ['grave accents', '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'],
  ['malformed a tag', '\\<a onmouseover="alert(document.cookie)"\\>xxs link\\</a\\>'],
  ['malformed a tag no quotes', '\\<a onmouseover=alert(document.cookie)\\>xxs link\\</a\\>'],
  ['malformed img', '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>'],
  ['fromCharCode', '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>'],
  ['default src onmouseover', '<IMG SRC=# onmouseover="alert(\'xxs\')">'],
  ['empty src onmouseover', '<IMG SRC= onmouseover="alert(\'xxs\')">'],
  ['no src', '<IMG onmouseover="alert(\'xxs\')">'],
  ['onerror', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  ['onerror encoded', '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">'],
  ['decimal entities', '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>'],
  ['decimal entities no semicolon', '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>'],
  ['hex entities no semicolon', '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>'],
  ['embedded tab', '<IMG SRC="jav\tascript:alert(\'XSS\');">'],
  ['embedded encoded tab', '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">'],
  ['embedded newline', '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">'],
  ['embedded carriage return', '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">'],
  ['null breaks up javascript', '<IMG SRC=java\0script:alert("XSS")>'],
  ['spaces and meta chars', '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">'],
  ['non-alpha-non-digit', '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>'],
  ['non-alpha-non-digit body', '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
  ['no space before src', '<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>'],
  ['extraneous open brackets', '<<SCRIPT>alert("XSS");//\\<</SCRIPT>'],
  ['no closing script tag', '<SCRIPT SRC=http://xss.rocks/xss.js?< B >'],
  ['protocol resolution', '<SCRIPT SRC=//xss.rocks/.j>'],
  ['half open html', '<IMG SRC="`<javascript:alert>`(\'XSS\')"'],
  ['double open angle', '<iframe src=http://xss.rocks/scriptlet.html <'],
  ['escaping javascript escapes', '</script><script>alert(\'XSS\');</script>'],
  ['end title tag', '</TITLE><SCRIPT>alert("XSS");</SCRIPT>'],
  ['input image', '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">'],
  ['body image', '<BODY BACKGROUND="javascript:alert(\'XSS\')">'],
  ['img dynsrc', '<IMG DYNSRC="javascript:alert(\'XSS\')">'],
  ['img lowsrc', '<IMG LOWSRC="javascript:alert(\'XSS\')">'],
  ['list-style-image', '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>'],
  ['vbscript in image', '<IMG SRC=\'vbscript:msgbox("XSS")\'>'],
  ['svg object tag', '<svg/onload=alert(\'XSS\')>'],
  ['body tag onload', '<BODY ONLOAD=alert(\'XSS\')>'],
  ['bgsound', '<BGSOUND SRC="javascript:alert(\'XSS\');">'],
  ['ampersand javascript includes', '<BR SIZE="&{alert(\'XSS\')}">'],
  ['style sheet link', '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">'],
  ['remote style sheet', '<LINK REL="stylesheet" HREF="http://xss.rocks/xss.css">'],
  ['remote style sheet import', '<STYLE>@import\'http://xss.rocks/xss.css\';</STYLE>'],
  ['meta refresh', '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">'],
  ['meta refresh data', '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">'],
  ['iframe', '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>'],
  ['iframe event', '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>'],
  ['frame', '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>'],
  ['table background', '<TABLE BACKGROUND="javascript:alert(\'XSS\')">'],
  ['td background', '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">'],
  ['div background-image', '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">'],
  ['div background-image unicode', '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">'],
  ['div expression', '<DIV STYLE="width: expression(alert(\'XSS\'));">'],
  ['img style expression', 'exp/*<A STYLE=\'no\\xss:noxss("*//*");xss:ex/*XSS*//*/*/pression(alert("XSS"))\'>'],
  ['style tag broken', '<STYLE TYPE="text/javascript">alert(\'XSS\');</STYLE>'],
  ['style background', '<STYLE type="text/css">BODY{background:url("javascript:alert(\'XSS\')")}</STYLE>'],
  ['base tag', '<BASE HREF="javascript:alert(\'XSS\');//">'],
  ['object tag', '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>'],
  ['embed svg', '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>'],
  ['xml data island', '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML>'],
  ['img embedded commands', '<IMG SRC="http://www.thesiteyouareon.com/somecommand.php?somevariables=maliciouscode">'],
  ['conditional comment', '<!--[if gte IE 4]><SCRIPT>alert(\'XSS\');</SCRIPT><![endif]-->'],
  ['ssi', '<!--#exec cmd="/bin/echo \'<SCR\'"--><!--#exec cmd="/bin/echo \'IPT SRC=http://xss.rocks/xss.js></SCRIPT>\'"-->'],
  ['a href javascript', '<a href="javascript:alert(1)">x</a>'],
  ['a href entity colon', '<a href="javascript&colon;alert(1)">x</a>'],
  ['a href data', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['a href vbscript upper', '<a href="VBSCRIPT:msgbox(1)">x</a>'],
  ['a href leading space and control', '<a href=" &#x01;javascript:alert(1)">x</a>'],
  ['a href encoded tab within scheme', '<a href="java&Tab;script:alert(1)">x</a>'],
  ['a href newline entity', '<a href="java&NewLine;script:alert(1)">x</a>'],
  ['a href fully encoded', '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>'],
  ['a onclick', '<a href="/index" onclick="alert(1)">x</a>'],
  ['a formaction', '<form><button formaction="javascript:alert(1)">x</button></form>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['math href', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['noscript mxss', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['svg in p mxss', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['template mxss', '<template><script>alert(1)</script></template>'],
  ['textarea breakout', '<textarea></textarea><script>alert(1)</script>'],
  ['img srcset', '<img src="/uploads/a.png" srcset="javascript:alert(1) 1x">'],
  ['video poster', '<video poster=javascript:alert(1)//></video>'],
  ['marquee onstart', '<marquee onstart=alert(1)>x</marquee>'],
  ['a xlink href', '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>'],
];

const ALLOWED_ELEMENTS = new Set(['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'span', 'div', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'start', 'style']);

/** What a browser would build from the output, checked element by element. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: T.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (!ALLOWED_ELEMENTS.has(child.tagName) || child.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`element ${child.tagName}`);
      for (const a of child.attrs) {
        if (!ALLOWED_ATTRIBUTES.has(a.name)) problems.push(`attribute ${a.name}`);
        if (a.name === 'href' && safeHref(a.value) === null) problems.push(`href ${a.value}`);
        if (a.name === 'src' && !a.value.startsWith('/uploads/')) problems.push(`src ${a.value}`);
        if (a.name === 'style' && !/^text-align: (left|right|center|justify)$/.test(a.value)) problems.push(`style ${a.value}`);
      }
      visit(child);
    }
  };
  visit(parseFragment(html));
  return problems;
}

describe('the OWASP XSS filter-evasion examples', () => {
  it('are at least 40', () => expect(OWASP.length).toBeGreaterThanOrEqual(40));

  it.each(OWASP)('%s: nothing survives', (_name, attack) => {
    const clean = sanitizeHtml(attack);
    expect(problemsOf(clean)).toEqual([]);
    expect(clean).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|meta|link|base|form|frame)/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    // Sanitising what was sanitised changes nothing: the output holds nothing a second parse reads differently.
    expect(sanitizeHtml(clean)).toBe(clean);
  });
});

describe('what an editor writes', () => {
  it('keeps paragraphs, headings, emphasis, lists, tables and alignment as they were', () => {
    const html =
      '<h2>一、培训安排</h2><p style="text-align: center;"><strong>请</strong>各单位<em>按时</em>参加。</p><ul><li>第一</li><li>第二</li></ul>' +
      '<table><tbody><tr><th>时间</th><td colspan="2">9:00</td></tr></tbody></table><blockquote>引用</blockquote>';
    expect(sanitizeHtml(html)).toBe(html.replace('text-align: center;', 'text-align: center'));
  });

  it('keeps http(s), mailto and relative links, with a new window kept from its opener', () => {
    expect(sanitizeHtml('<a href="https://www.gov.cn/" target="_blank">国务院</a>')).toBe('<a href="https://www.gov.cn/" target="_blank" rel="noopener noreferrer">国务院</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.cn">信</a><a href="/noticeInfo?id=3&amp;x=1">通知</a>')).toBe('<a href="mailto:a@b.cn">信</a><a href="/noticeInfo?id=3&amp;x=1">通知</a>');
  });

  it('keeps images of the own uploads only; an image from elsewhere goes, a link with a bad target leaves its text', () => {
    expect(sanitizeHtml('<p><img src="/uploads/content/ab12.png" alt="图" width="640"></p>')).toBe('<p><img src="/uploads/content/ab12.png" alt="图" width="640"></p>');
    expect(sanitizeHtml('<p><img src="https://evil.example/x.png">图<img src="/uploads/../etc/passwd.png"><img src="//evil.example/uploads/a.png"></p>')).toBe('<p>图</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">点这里</a>')).toBe('点这里');
  });

  it('escapes text so that it stays text', () => {
    expect(sanitizeHtml('<p>a &lt;script&gt; 1 &amp; 2 &nbsp;</p>')).toBe('<p>a &lt;script&gt; 1 &amp; 2 &nbsp;</p>');
  });

  it('survives 100,000 nested elements', () => {
    const deep = '<div>'.repeat(100_000) + 'x';
    expect(sanitizeHtml(deep)).toContain('x');
  });
});

describe('helpers', () => {
  it('isBlankHtml: an empty editor says nothing', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/uploads/a.png" alt=""></p>')).toBe(false);
  });
  it('htmlOfPlainText: paragraphs as paragraphs, text escaped', () => {
    expect(htmlOfPlainText('一 <b>\n二\n\n三')).toBe('<p>一 &lt;b&gt;<br>二</p><p>三</p>');
  });
});
