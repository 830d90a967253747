import type { GameState, SubmitResult } from '@tappa/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { gameKeys } from '../../api/games';
import { refetchGame } from '../../api/game-live';
import { Navigate, useNavigate } from '../../lib/router';
import { tryReasonText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { CompletedScreen } from './completed-screen';
import { currentStepOfRefusal } from './current-step';
import { GameHeader } from './game-header';
import { HandoffButton } from './handoff/handoff-button';
import { OfflineBanner } from './offline/offline-banner';
import { pauseOnLeave, pauseOrQueue } from './offline/pause-on-leave';
import { QueuedStepNotice } from './offline/queued-step-notice';
import { useOfflinePlay } from './offline/use-offline-play';
import { StepPanel } from './step-panel';
import type { Answer } from './answer-input';
import { useAttempts } from './use-attempts';
import { useClock } from './use-clock';
import { useStaffNotice } from './use-staff-notice';
import { usePosition, type Position } from './use-position';
import './gameplay.css';
import { dialogs, toasts } from '../../lib/dialogs';

/** The organisers' message: loaded only when one comes (the game screen's budget). */
const StaffNotice = lazy(() => import('./staff-notice'));
/** The event's countdown and pause: loaded only on a route with an event clock (the same budget). */
const EventHold = lazy(() => import('./event-hold'));
/** Location sharing's question, indicator and fixes: only on a route that asks (the same budget). */
const LocationSharing = lazy(() => import('./location/location-sharing'));

/** Props of `GameplayScreen`. */
export interface GameplayScreenProps {
  slug: string;
  game: GameState;
  logoUrl: string | null;
  tenantName: string;
}

/** The game being played: header with timer, the current step, its tries and the game's end. */
export function GameplayScreen({ slug, game, logoUrl, tenantName }: GameplayScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, steps } = game;
  const exploration = route.route_type === 'exploration';
  const [index, setIndex] = useState(() =>
    Math.min(Math.max(game.current_step_index, 0), Math.max(steps.length - 1, 0)),
  );
  const [done, setDone] = useState(game.status === 'completed');
  // The game read again after a staff action (issue 31): its step and end follow at once.
  const [shownGame, setShownGame] = useState(game);
  if (shownGame !== game) {
    setShownGame(game);
    setIndex(Math.min(Math.max(game.current_step_index, 0), Math.max(steps.length - 1, 0)));
    if (game.status === 'completed') setDone(true);
  }
  const gameKey = gameKeys.detail(slug, game.id);
  const reread = () => void refetchGame(gameKey);
  const staff = useStaffNotice(slug, game.id, reread);
  const [frozenMs, setFrozenMs] = useState<number | null>(null);
  const timeUpSent = useRef(false);
  // Set once the game ends or is stopped here: leaving the page then has nothing to save.
  const saved = useRef(game.status === 'completed');
  const now = useClock();
  const position = usePosition(route.geolocation_enabled);
  // A sharing team's newest position (decision 0086): its tries carry it where the route asks for
  // none, so the server keeps it as a fix with no extra request (the verdict does not read it).
  const shared = useRef<Position | null>(null);
  // The clock counts from the event's start when there is one, moved on by its pauses; during a
  // pause for everyone it stands where the pause stopped it (decision 0085). Before the start it
  // is negative, and shows as 0:00.
  const pausedAt = game.event?.paused_at;
  const elapsedMs = (pausedAt ? Date.parse(pausedAt) : now) - Date.parse(game.clock_at);

  const finish = useCallback(() => {
    saved.current = true;
    if (exploration) return setDone(true);
    void navigate(scoreboardPath(slug, route.slug, game.id));
  }, [exploration, navigate, route.slug, game.id, slug]);

  const onResult = useCallback(
    (result: SubmitResult) => {
      if (result.outcome === 'time_up') {
        timeUpSent.current = true;
        if (result.reason) toasts.error(tryReasonText(result.reason, t));
        return finish();
      }
      if (result.completed) return finish();
      setIndex(Math.min(Math.max(result.current_step_index, 0), steps.length - 1));
    },
    [finish, steps.length, t],
  );
  // A try refused as not for the current step leads to the step the server is on.
  const onRefused = useCallback(
    (error: unknown) => {
      const current = currentStepOfRefusal(error);
      if (current !== null) setIndex(Math.min(current, steps.length - 1));
    },
    [steps.length],
  );
  const attempts = useAttempts(onResult, onRefused);
  const step = steps[index];
  // Tries without a connection wait in a queue and the team plays on (decision 0037).
  const offline = useOfflinePlay({ slug, game, index, setIndex, onResult, onGameOver: finish });

  const submit = useCallback(
    (answer: Answer | null, headingDeg: number | null) => {
      if (!step) return;
      const key = JSON.stringify(['submit', step.id, answer, headingDeg]);
      void attempts.run(key, (submissionId) =>
        offline.submit(step.id, {
          submission_id: submissionId,
          answer,
          position: position ?? shared.current,
          heading_deg: headingDeg,
        }),
      );
    },
    [attempts, offline, position, step],
  );

  // The time limit, checked every second: the server answers 'time_up' to the step's submission.
  const limit = route.time_limit_ms;
  useEffect(() => {
    // Offline it would only be queued as a try: it is sent once back online, behind the queue.
    // During a pause for everyone (`pausedAt`) the server holds the time limit too.
    const waits = !offline.isOnline || pausedAt;
    if (done || limit === null || elapsedMs < limit || timeUpSent.current || waits) return;
    timeUpSent.current = true;
    submit(null, null);
  }, [done, elapsedMs, limit, submit, offline.isOnline, pausedAt]);

  // Leaving the page saves the game as paused (doc 2 §4): on unload, and when the screen goes away
  // within the app (the back button); queued without a connection (decision 0056). The unmount
  // is confirmed a tick later, because React's strict mode unmounts and mounts again at once,
  // which is no leave.
  const pendingLeave = useRef<number | null>(null);
  useEffect(() => {
    if (pendingLeave.current !== null) window.clearTimeout(pendingLeave.current);
    pendingLeave.current = null;
    const leave = () => {
      if (!saved.current) pauseOnLeave(slug, game.id);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      pendingLeave.current = window.setTimeout(leave, 0);
    };
  }, [slug, game.id]);

  /** Shows step `next` (exploration); 'Next' on the last step finishes the route (doc 2 §4). */
  const move = (next: number) => {
    attempts.clear();
    if (next < steps.length) return setIndex(next);
    void attempts.run(JSON.stringify(['finish']), offline.finish);
  };

  /**
   * 'Rifai la foto' (decision 0083): the notice closes and the reopened step shows. A progressive
   * game is there already; an exploration one opens it, and again once the game's read (the one
   * the event started, or a new one) has landed, so that this read cannot move the screen back.
   */
  const retake = (stepIndex: number) => {
    staff.dismiss();
    attempts.clear();
    const show = () => setIndex(Math.min(Math.max(stepIndex, 0), Math.max(steps.length - 1, 0)));
    show();
    void refetchGame(gameKey).then(show, show);
  };

  const stop = async () => {
    if (!(await dialogs.confirm(t('gameplay.confirmStop')))) return;
    saved.current = true;
    await pauseOrQueue(slug, game.id).catch(() => undefined);
    void navigate(`/${slug}/start`);
  };

  // A finished progressive game reopened shows its end-of-game scoreboard (doc 2 §4).
  if (done && !exploration)
    return <Navigate to={scoreboardPath(slug, route.slug, game.id)} replace />;
  const staffNotice = staff.notice ? (
    <Suspense fallback={null}>
      <StaffNotice event={staff.notice} onDismiss={staff.dismiss} onRetake={retake} />
    </Suspense>
  ) : null;
  // The step, or its try waiting in the offline queue.
  const stepView = !step ? null : offline.isQueued(step.id) ? (
    <QueuedStepNotice
      place={step.place}
      index={index}
      total={steps.length}
      onNext={exploration ? () => move(index + 1) : null}
    />
  ) : (
    <StepPanel
      key={step.id}
      slug={slug}
      gameId={game.id}
      hintBudgetLeft={game.hint_budget_left}
      step={step}
      index={index}
      total={steps.length}
      exploration={exploration}
      geolocation={route.geolocation_enabled}
      position={position}
      attempts={attempts}
      onSubmit={submit}
      uploadPhoto={(photo, onProgress) => offline.uploadPhoto(step.id, photo, onProgress)}
      queuedPhoto={offline.queuedPhoto(step.id)}
      onSkip={() =>
        void attempts.run(JSON.stringify(['skip', step.id]), (submissionId) =>
          offline.skip(step.id, submissionId),
        )
      }
      onMove={move}
      onAnswerChange={attempts.clear}
    />
  );
  // The step behind the event's countdown or pause, when the route has an event clock.
  const held =
    game.event === null ? (
      stepView
    ) : (
      <Suspense fallback={null}>
        <EventHold event={game.event} onStart={reread}>
          {stepView}
        </EventHold>
      </Suspense>
    );
  if (done || offline.isFinishing) {
    return (
      <>
        {staffNotice}
        <OfflineBanner {...offline.banner} />
        <CompletedScreen slug={slug} />
      </>
    );
  }
  return (
    <div className="gameplay">
      <GameHeader
        logoUrl={logoUrl}
        tenantName={tenantName}
        routeTitle={route.title}
        teamName={game.team_name}
        elapsedMs={frozenMs ?? elapsedMs}
        timerPaused={frozenMs !== null}
        onToggleTimer={() => setFrozenMs(frozenMs === null ? elapsedMs : null)}
        onStop={() => void stop()}
      />
      {staffNotice}
      <OfflineBanner {...offline.banner} />
      {game.location === null ? (
        held
      ) : (
        <Suspense fallback={null}>
          <LocationSharing
            slug={slug}
            game={game}
            location={game.location}
            onReread={reread}
            onPosition={(next) => {
              shared.current = next;
            }}
          >
            {held}
          </LocationSharing>
        </Suspense>
      )}
      <HandoffButton slug={slug} gameId={game.id} />
    </div>
  );
}

/** The end-of-game scoreboard of a game. */
function scoreboardPath(slug: string, routeSlug: string, gameId: string): string {
  const query = new URLSearchParams({ route: routeSlug, game: gameId });
  return `/${slug}/game/scoreboard?${query.toString()}`;
}
