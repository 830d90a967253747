import { randomUUID } from 'node:crypto';
import {
  type SendMessageRequest,
  type StaffMessage,
  staffMessages,
  tenantStaff,
  urlOf,
} from '@tappa/contracts';
import { cookieFrom, type HttpClient } from '../lib/http-client';
import { apiCall, type StaffWorld } from '../lib/setup';
import { epochNow } from '../scoreboards/held-streams';

/** A staff account of the world's tenant (a game manager), signed in: who sends the messages. */
export interface Staff {
  slug: string;
  cookie: string;
  ip: string;
}

/** Adds a game manager to the world's tenant (as the superadmin) and signs it in. */
export async function makeStaff(client: HttpClient, world: StaffWorld, n: number): Promise<Staff> {
  const email = `staff-${n}@bench.test`;
  const password = 'bench-staff-password';
  await apiCall(client, {
    method: 'POST',
    path: urlOf(tenantStaff.add, { slug: world.slug }),
    cookie: world.admin,
    ip: '10.250.0.1',
    body: JSON.stringify({ email, display_name: `Staff ${n}`, password, role: 'game_manager' }),
  });
  const ip = `10.252.0.${n + 1}`;
  const signIn = await apiCall(client, {
    method: 'POST',
    path: '/api/session/sign-in',
    body: JSON.stringify({ email, password }),
    ip,
  });
  return { slug: world.slug, cookie: cookieFrom(signIn.headers), ip };
}

/** A sent (or scheduled) announcement and when its request went out and was answered. */
export interface Sent {
  message: StaffMessage;
  /** When the request was written (epoch ms, `epochNow()`). */
  t0: number;
  /** Request written → answer read, in ms. */
  answerMs: number;
}

/** 'Invia': the staff send an announcement (`staffMessages.send`), timed from the write. */
export async function sendMessage(
  client: HttpClient,
  staff: Staff,
  request: Omit<SendMessageRequest, 'action_id'>,
): Promise<Sent> {
  const body = JSON.stringify({ action_id: randomUUID(), ...request });
  // `client.send` writes the request synchronously: t0 is the moment it is handed to the socket.
  const t0 = epochNow();
  const res = await apiCall(client, {
    method: 'POST',
    path: urlOf(staffMessages.send, { slug: staff.slug }),
    cookie: staff.cookie,
    ip: staff.ip,
    body,
  });
  return { message: JSON.parse(res.body) as StaffMessage, t0, answerMs: epochNow() - t0 };
}
