/** The highest `seq` this page has signalled, so that a message is signalled once. */
let signalledSeq = -1;

/**
 * Draws the team's attention to a message that just arrived: a vibration where the phone has
 * one, and a short tone when the page has had a gesture (browsers refuse sound before one).
 * Whatever the browser refuses is skipped: a signal never breaks the screen.
 */
export function signalNewMessage(seq: number): void {
  if (seq <= signalledSeq) return;
  signalledSeq = seq;
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // No vibration here.
  }
  if (!navigator.userActivation?.hasBeenActive) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.2, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.onended = () => void audio.close();
    tone.start();
    tone.stop(audio.currentTime + 0.3);
  } catch {
    // No Web Audio, or it is refused: the banner and the vibration are enough.
  }
}
