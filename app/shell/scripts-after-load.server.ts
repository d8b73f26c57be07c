// A shop page's scripts are requested once the page has loaded, so they never share the network with
// the stylesheet and the first screen's pictures (docs/decisions/018-lean-shop-pages.md, round three).
//
// React Router's <Scripts> renders a modulepreload link in the head for each module of the page (all
// fetched at High priority as soon as the head is parsed) and, at the end of the body, an inline
// module script that imports the route modules and then the client entry, which hydrates. It has no
// option to defer them, so this transform of the rendered HTML does, and leaves the rest untouched:
// - the modulepreload links leave the head, and a small inline script takes their place: after the
//   `load` event, once the first screen's largest picture is painted, it adds the same links and runs
//   the module script (round five of the decision);
// - the module script becomes inert (`type="text/x-after-load"`), so that it runs only then. It stays
//   where React rendered it, and hydration matches it (React Router renders it with
//   suppressHydrationWarning, and React does not patch attributes while hydrating); the module script
//   the loader adds goes to the head, where React 19 lets nodes it did not render be.
// The inline scripts carry the page's nonce; in a cached page the policy lists their hashes instead,
// and the module script the loader adds has the same text as the inert one, so the same hash.

import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

export const INERT_TYPE = 'text/x-after-load'

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g
const MODULE_SCRIPT = 'type="module" async=""'
const INERT_SCRIPT = `type="${INERT_TYPE}" async=""`
const HEAD_END = '</head>'

/**
 * The loader, as an inline classic script; `hrefs` are the modules the head would have preloaded. It
 * starts them after the `load` event, once the first screen's largest picture has been painted: the
 * largest image in the viewport, when it is larger than what the page reported as its largest paint
 * so far, is waited for in the `largest-contentful-paint` entries, for at most a second. It does not
 * wait (it starts in the frame after `load`) for a picture that failed, after the visitor has scrolled,
 * tapped or typed (the browser reports no more such entries after that, and the visitor wants the
 * page), or in a browser without those entries; a visitor's input during the wait ends it.
 */
export function loaderScript(hrefs: string[]): string {
  return [
    '(function(hrefs,nonce){',
    'var started=false,interacted=false,waiting=null;',
    'function start(){if(started)return;started=true;',
    "for(var i=0;i<hrefs.length;i++){var link=document.createElement('link');link.rel='modulepreload';link.href=hrefs[i];document.head.append(link)}",
    `var inert=document.querySelector('script[type="${INERT_TYPE}"]');if(!inert)return;`,
    "var script=document.createElement('script');script.type='module';script.nonce=nonce;script.textContent=inert.textContent;document.head.append(script)}",
    'function soon(){requestAnimationFrame(function(){setTimeout(start)})}',
    "['pointerdown','keydown','wheel','touchstart','scroll'].forEach(function(type){",
    'addEventListener(type,function(){interacted=true;if(waiting)waiting()},{capture:true,passive:true,once:true})});',
    'function visible(element){var box=element.getBoundingClientRect();',
    'return Math.max(0,Math.min(box.bottom,innerHeight)-Math.max(box.top,0))*Math.max(0,Math.min(box.right,innerWidth)-Math.max(box.left,0))}',
    'function afterPicture(){',
    'var picture=null,area=0;for(var i=0;i<document.images.length;i++){var seen=visible(document.images[i]);if(seen>area){area=seen;picture=document.images[i]}}',
    'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
    "if(interacted||!picture||!picture.naturalWidth||types.indexOf('largest-contentful-paint')<0)return soon();",
    'var observer,timer;waiting=function(){if(!observer)return;observer.disconnect();observer=null;waiting=null;clearTimeout(timer);setTimeout(start)};',
    'observer=new PerformanceObserver(function(list){var entries=list.getEntries(),last=entries[entries.length-1];',
    'if(last&&(last.element===picture||last.size>=area))waiting()});',
    "timer=setTimeout(waiting,1000);observer.observe({type:'largest-contentful-paint',buffered:true})}",
    "addEventListener('load',afterPicture,{once:true})",
    `})(${JSON.stringify(hrefs).replaceAll('<', '\\u003c')},document.currentScript.nonce)`,
  ].join('')
}

/** Rewrites a rendered page (head and body, as streamed) so that its scripts load after the page. */
export function scriptsAfterLoad(nonce: string): Transform {
  const decoder = new StringDecoder('utf8')
  let head = '' // the head, held until it is complete
  let inBody = false
  let tail = '' // the end of the last chunk, in case the module script's opening tag spans two
  let rewritten = false
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : ''

  function body(text: string, final: boolean): string {
    if (rewritten) return text
    let joined = tail + text
    if (joined.includes(MODULE_SCRIPT)) {
      joined = joined.replace(MODULE_SCRIPT, INERT_SCRIPT)
      rewritten = true
      tail = ''
      return joined
    }
    const keep = final ? 0 : Math.min(joined.length, MODULE_SCRIPT.length - 1)
    tail = joined.slice(joined.length - keep)
    return joined.slice(0, joined.length - keep)
  }

  function endHead(text: string): string {
    const end = text.indexOf(HEAD_END)
    const hrefs: string[] = []
    const lean = text.slice(0, end).replace(MODULE_PRELOAD, (_, href: string) => {
      hrefs.push(href)
      return ''
    })
    inBody = true
    // No preloads, no React Router scripts to defer (a page rendered without them): leave it as it is.
    if (!hrefs.length) {
      rewritten = true
      return text
    }
    const loader = `<script${nonceAttribute}>${loaderScript(hrefs)}</script>`
    return lean + loader + body(text.slice(end), false)
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk)
      if (inBody) return callback(null, body(text, false))
      head += text
      if (!head.includes(HEAD_END)) return callback()
      const out = endHead(head)
      head = ''
      callback(null, out)
    },
    flush(callback) {
      const text = decoder.end()
      callback(null, inBody ? body(text, true) : head + text)
    },
  })
}
