import { defineTasks } from '../../db/tasks';
import { findPhotoTarget, recordStepPhoto } from './photo-step.service';
import { finishExploration, skipStep, submitAnswer } from './try';

/**
 * The hot transactions of a game, run next to the database (db/tasks.ts): on the embedded
 * database in its thread, in one message per try (or per side of a photo's upload) instead of
 * one per statement.
 */
export const tasks = defineTasks({
  submitAnswer,
  skipStep,
  finishExploration,
  findPhotoTarget,
  recordStepPhoto,
});

/** The game tasks' registry and where the database thread imports it from. */
export const GAME_TASKS = { tasks, url: import.meta.url };

/** The game tasks' registry type. */
export type GameTasks = typeof tasks;
