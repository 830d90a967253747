import {
  games,
  type GameState,
  publicPlatformBrand,
  publicTenants,
  type SubmitAnswerRequest,
  type SubmitResult,
  urlOf,
} from '@tappa/contracts';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { finishGame, uploadStepPhoto } from '../../../api/game-screen';
import { skipStep, submitStep } from '../../../api/games';
import { useTranslation } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { errorText, tryReasonText } from '../../../lib/error-text';
import { warmOfflineCache } from '../../../lib/offline-cache';
import { currentStepOfRefusal } from '../current-step';
import { nextOpenIndex } from './open-steps';
import { nextSeq, photoKey, type QueuedItem, type QueueStore } from './queue-store';
import { isOffline, type QueuedOutcome } from './send-queued';
import { useOfflineQueue } from './use-offline-queue';

/** What a photo step's answer is while its photo waits in the queue (never sent as an answer). */
export const QUEUED_PHOTO_URL = 'queued:photo';

/** Options of `useOfflinePlay`. */
export interface OfflinePlayOptions {
  slug: string;
  game: GameState;
  /** The step on screen, and how to show another. */
  index: number;
  setIndex: (index: number) => void;
  /** A result that moves the game (completed, time up), as if it had been answered at once. */
  onResult: (result: SubmitResult) => void;
  /** The game is over on the server (a queued try arrived after its end). */
  onGameOver: () => void;
  store?: QueueStore;
}

/**
 * The game screen without a connection (decision 0037): tries, skips and photos that cannot be
 * sent are queued and sent later in order; the team goes on to the next open step meanwhile.
 * When a queued try is decided the step is done, or open again with what the server said.
 */
export function useOfflinePlay(opts: OfflinePlayOptions) {
  const { slug, game, index } = opts;
  const { t } = useTranslation();
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [notes, setNotes] = useState<string[]>([]);
  const steps = game.steps;
  const numberOf = (stepId: string) => steps.findIndex((s) => s.id === stepId) + 1;

  const onOutcome = ({ item, result, error }: QueuedOutcome) => {
    // A photo's try tells what became of it; a pause of this game is dropped, never sent, here.
    if (item.kind === 'photo' || item.kind === 'pause') return;
    const note = (text: string) =>
      setNotes((all) => [...all, t('offline.lateVerdict', { n: numberOf(item.stepId), text })]);
    if (error) {
      if (error.code === 'game_over') return opts.onGameOver();
      if (error.code === 'step_done') setDone((all) => new Set(all).add(item.stepId));
      else note(errorText(error, t));
      // Refused as not the current step (an earlier queued try was wrong): back to that one.
      const current = currentStepOfRefusal(error);
      if (current !== null && current < steps.length) opts.setIndex(current);
      return;
    }
    if (!result) return;
    if (result.outcome === 'time_up' || result.completed) return opts.onResult(result);
    if (result.outcome === 'wrong') note(result.reason ? tryReasonText(result.reason, t) : '');
    else setDone((all) => new Set(all).add(item.stepId));
  };
  const queue = useOfflineQueue({ gameId: game.id, onOutcome, store: opts.store });

  // The tries and skips waiting (photos travel with their try; a finish closes no step).
  const answers = useMemo(
    () => queue.items.filter((i) => i.kind === 'submit' || i.kind === 'skip'),
    [queue.items],
  );
  const queued = useMemo(() => new Set(answers.map((i) => i.stepId)), [answers]);
  // The photos queued for their steps' tries, also after a reload: shown as taken, and still
  // once sent (the server has them then). Kept in state as they appear in the queue.
  const [queuedPhotos, setQueuedPhotos] = useState<
    ReadonlyMap<string, { seq: number; photo: File }>
  >(new Map());
  const newPhotos = queue.items.filter(
    (i) => i.kind === 'photo' && queuedPhotos.get(i.stepId)?.seq !== i.seq,
  );
  if (newPhotos.length > 0) {
    const photos = new Map(queuedPhotos);
    for (const item of newPhotos) {
      if (item.kind !== 'photo') continue;
      const photo = new File([item.photo], item.fileName, { type: item.photo.type });
      photos.set(item.stepId, { seq: item.seq, photo });
    }
    setQueuedPhotos(photos);
  }
  const isOpen = useCallback(
    (step: { id: string; status: string }) =>
      step.status === 'pending' && !done.has(step.id) && !queued.has(step.id),
    [done, queued],
  );

  // A step queued or decided while on screen (or queued before a reload): on to the next open one.
  const moveOn = useEffectEvent(() => {
    const step = steps[index];
    if (!step || (!queued.has(step.id) && !done.has(step.id))) return;
    const next = nextOpenIndex(steps, isOpen, index);
    if (next !== -1) opts.setIndex(next);
  });
  const closedKey = [...queued, ...done].join();
  useEffect(() => moveOn(), [closedKey]);

  // The game's state, its tenant and its steps' media stored ahead for a reload without signal.
  useEffect(() => {
    const media = steps.flatMap((step) => step.media.map((m) => m.url));
    const tenant = urlOf(publicTenants.read, { slug });
    const state = urlOf(games.state, { slug, gameId: game.id });
    void warmOfflineCache([state, tenant, urlOf(publicPlatformBrand.read, {}), ...media]);
  }, [slug, game.id, steps]);

  // Once the try is queued its step is closed, and `moveOn` shows the next open one.
  const keep = (item: QueuedItem) => queue.enqueue(item);
  const base = (stepId: string) => ({ seq: nextSeq(), slug, gameId: game.id, stepId });

  /**
   * Makes the call now, or queues `item` instead (answering null: nothing to show until it is
   * sent): when items wait already, when the phone is offline, or when it goes offline meanwhile.
   */
  const sendOrKeep = async <T>(item: QueuedItem, call: () => Promise<T>): Promise<T | null> => {
    if (!queue.mustQueue()) {
      try {
        return await call();
      } catch (error) {
        if (!isOffline(error)) throw error;
      }
    }
    await keep(item);
    return null;
  };

  /** A try at a step, now or queued. */
  const submit = (stepId: string, body: SubmitAnswerRequest) =>
    sendOrKeep({ ...base(stepId), id: body.submission_id, kind: 'submit', body }, () =>
      submitStep(slug, game.id, stepId, body),
    );

  /** A skip, now or queued. */
  const skip = (stepId: string, submissionId: string) =>
    sendOrKeep({ ...base(stepId), id: submissionId, kind: 'skip' }, () =>
      skipStep(slug, game.id, stepId, submissionId),
    );

  /**
   * 'Next' on an exploration route's last step: the game ends now, or the end is queued and the
   * team sees the route completed meanwhile (the server scores the tries queued before it first).
   */
  const finish = async (submissionId: string) => {
    const item: QueuedItem = { ...base(''), id: submissionId, kind: 'finish' };
    const result = await sendOrKeep(item, () => finishGame(slug, game.id, submissionId));
    if (result === null) opts.onGameOver();
    return result;
  };

  /** A step's photo, uploaded now or queued ahead of the try that will need it. */
  const uploadPhoto = async (
    stepId: string,
    photo: File,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<string> => {
    const id = photoKey(game.id, stepId);
    const item: QueuedItem = { ...base(stepId), id, kind: 'photo', photo, fileName: photo.name };
    const url = await sendOrKeep(item, () =>
      uploadStepPhoto(slug, game.id, stepId, photo, onProgress),
    );
    return url ?? QUEUED_PHOTO_URL;
  };

  return {
    isOnline: queue.isOnline,
    isQueued: (stepId: string) => queued.has(stepId),
    /** The step's photo from the queue, kept once seen (it stays after it was sent). */
    queuedPhoto: (stepId: string) => queuedPhotos.get(stepId)?.photo ?? null,
    /** The end of the game waits in the queue (also after a reload without signal). */
    isFinishing: queue.items.some((i) => i.kind === 'finish'),
    submit,
    skip,
    finish,
    uploadPhoto,
    banner: {
      isOnline: queue.isOnline,
      waiting: answers.length,
      notes,
      onDismissNotes: () => setNotes([]),
    },
  };
}
