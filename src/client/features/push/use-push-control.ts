import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { pushKeyQuery, pushQueryKey, pushStatusQuery } from './api.js';
import { pushUnavailableReason, readPushEnvironment, type PushUnavailableReason } from './availability.js';
import { activeRegistration, existingSubscription, PushServiceTimeout, subscribeBodyOf, subscribeDevice } from './device-subscription.js';

export type PushControlState =
  | { kind: 'unavailable'; reason: PushUnavailableReason | 'noWorker' }
  /** An administrator viewing a customer: pushes go to the customer's own users. */
  | { kind: 'hidden' }
  | { kind: 'checking' }
  | { kind: 'off' }
  | { kind: 'on' };

export interface PushControl {
  state: PushControlState;
  busy: boolean;
  /** What went wrong last: turning on (the push service silent, or another failure) or off. */
  failed: PushFailure | null;
  /** Call from the click itself: the permission prompt needs the user's gesture. */
  enable: () => void;
  disable: () => void;
}

export type PushFailure = 'enable' | 'noPushService' | 'disable';

const languageOf = (value: string): Language => (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;

function useDevice(enabled: boolean) {
  return useQuery({
    queryKey: [...pushQueryKey, 'device'],
    enabled,
    queryFn: async () => {
      const registration = await activeRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      return { registered: registration !== null, endpoint: subscription?.endpoint ?? null };
    },
  });
}

function stateOf(
  reason: PushUnavailableReason | null,
  device: ReturnType<typeof useDevice>['data'],
  status: { allowed: boolean; subscribed: boolean } | undefined,
): PushControlState {
  if (reason) return { kind: 'unavailable', reason };
  if (!device) return { kind: 'checking' };
  if (!device.registered) return { kind: 'unavailable', reason: 'noWorker' };
  if (!status) return { kind: 'checking' };
  if (!status.allowed) return { kind: 'hidden' };
  return { kind: status.subscribed ? 'on' : 'off' };
}

export function pushFailureOf(enableError: Error | null, disableFailed: boolean): PushFailure | null {
  if (enableError) return enableError instanceof PushServiceTimeout ? 'noPushService' : 'enable';
  return disableFailed ? 'disable' : null;
}

/** The "notify me on this device" control's state and actions. */
export function usePushControl(): PushControl {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [environment] = useState(readPushEnvironment);
  const [permission, setPermission] = useState(environment.permission);
  const reason = pushUnavailableReason({ ...environment, permission });
  const device = useDevice(reason === null);
  const status = useQuery({ ...pushStatusQuery(device.data?.endpoint ?? null), enabled: device.data?.registered === true });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushQueryKey });

  const enabling = useMutation({
    mutationFn: async (asked: Promise<NotificationPermission>) => {
      const answer = await asked;
      setPermission(answer);
      if (answer !== 'granted') return;
      const registration = await activeRegistration();
      if (!registration) throw new Error('no service worker');
      const { publicKey } = await queryClient.fetchQuery(pushKeyQuery());
      const subscription = await subscribeDevice(registration, publicKey);
      const body = subscribeBodyOf(subscription.toJSON(), languageOf(i18n.language));
      if (!body) throw new Error('the browser gave a subscription without keys');
      await request('pushSubscribe', body);
    },
    onSettled: refresh,
  });
  const disabling = useMutation({
    mutationFn: async () => {
      const subscription = await existingSubscription();
      if (!subscription) return;
      await request('pushUnsubscribe', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
    onSettled: refresh,
  });

  return {
    state: stateOf(reason, device.data, status.data),
    busy: enabling.isPending || disabling.isPending,
    failed: pushFailureOf(enabling.error, disabling.isError),
    enable: () => {
      disabling.reset();
      enabling.mutate(Notification.requestPermission());
    },
    disable: () => {
      enabling.reset();
      disabling.mutate();
    },
  };
}
