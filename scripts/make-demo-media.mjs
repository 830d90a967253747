// Makes the demo route's short video and audio clip (committed next to the demo seed) in Chromium:
// a drawn 4-second 320x180 H.264 clip and a six-note chime in AAC. Run: node scripts/make-demo-media.mjs
/* global document, requestAnimationFrame, AudioContext, MediaRecorder -- they run in the page */
import { chromium } from 'playwright-core';
import fs from 'node:fs';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
await page.setContent('<canvas id=c width=320 height=180></canvas>');
const video = await page.evaluate(async () => {
  const c = document.getElementById('c');
  const g = c.getContext('2d');
  const stream = c.captureStream(15);
  const rec = new MediaRecorder(stream, {
    mimeType: 'video/mp4;codecs=avc1',
    videoBitsPerSecond: 150_000,
  });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (rec.onstop = r));
  rec.start();
  const start = performance.now();
  await new Promise((resolve) => {
    function frame() {
      const t = (performance.now() - start) / 1000;
      g.fillStyle = '#0F766E';
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#FDE68A';
      g.beginPath();
      g.arc(40 + t * 60, 60, 18, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#134E4A';
      for (let i = 0; i < 8; i++) g.fillRect(i * 40 + 5, 110 - (i % 3) * 18, 30, 70 + (i % 3) * 18);
      g.fillStyle = '#FFFFFF';
      g.font = 'bold 22px sans-serif';
      g.fillText('Tappa demo', 100, 40);
      if (t < 4) requestAnimationFrame(frame);
      else resolve();
    }
    frame();
  });
  rec.stop();
  await done;
  const blob = new Blob(chunks, { type: 'video/mp4' });
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
});
fs.writeFileSync(
  new URL('../apps/server/src/modules/routes/sample-media/vittoriano.mp4', import.meta.url),
  Buffer.from(video),
);
const audio = await page.evaluate(async () => {
  const ctx = new AudioContext();
  const dest = ctx.createMediaStreamDestination();
  const rec = new MediaRecorder(dest.stream, { mimeType: 'audio/mp4', audioBitsPerSecond: 48_000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((r) => (rec.onstop = r));
  rec.start();
  const notes = [523.25, 659.25, 783.99, 1046.5, 783.99, 659.25];
  notes.forEach((f, i) => {
    const o = ctx.createOscillator();
    const gn = ctx.createGain();
    o.type = 'sine';
    o.frequency.value = f;
    const t0 = ctx.currentTime + i * 0.45;
    gn.gain.setValueAtTime(0, t0);
    gn.gain.linearRampToValueAtTime(0.4, t0 + 0.05);
    gn.gain.exponentialRampToValueAtTime(0.001, t0 + 0.42);
    o.connect(gn).connect(dest);
    o.start(t0);
    o.stop(t0 + 0.45);
  });
  await new Promise((r) => setTimeout(r, notes.length * 450 + 300));
  rec.stop();
  await done;
  const blob = new Blob(chunks, { type: 'audio/mp4' });
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
});
fs.writeFileSync(
  new URL('../apps/server/src/modules/routes/sample-media/campo-de-fiori.m4a', import.meta.url),
  Buffer.from(audio),
);
await browser.close();
