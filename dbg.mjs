import { chromium } from "playwright-core"
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new","--no-sandbox","--disable-gpu"] })
const path = process.argv[2] ?? "/"
for (const width of [375, 1280]) {
  const page = await b.newPage({ viewport: { width, height: Number(process.env.H ?? 900) } })
  await page.addInitScript(() => {
    window.__shifts = []
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: e.sources.map(s => { const n = s.node; const d = n && n.nodeType === 1 ? `${n.tagName.toLowerCase()}.${(n.className||"").toString().slice(0,60)}` : String(n?.nodeName); return `${d} ${JSON.stringify([s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height, s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round))}` }) }) }).observe({ type: "layout-shift", buffered: true })
  })
  await page.goto("http://127.0.0.1:9911" + path, { waitUntil: "load" })
  await page.waitForTimeout(2500)
  console.log(width, JSON.stringify(await page.evaluate(() => window.__shifts), null, 1))
  await page.close()
}
await b.close()
