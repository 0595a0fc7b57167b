import { vi, type Mock } from 'vitest';

export interface FakePush {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: { endpoint: string; unsubscribe: ReturnType<typeof vi.fn> } | null;
  subscribe: Mock<(options: { applicationServerKey: Uint8Array }) => Promise<unknown>>;
  register: Mock<(url: string, options?: RegistrationOptions) => Promise<unknown>>;
}

/**
 * Makes jsdom a browser with service workers, push and notifications (it has none of them):
 * `permission` is the current state, `answer` what the permission prompt will give;
 * `subscribed` starts with a subscription left from before.
 */
export function fakePushBrowser(
  permission: NotificationPermission = 'default',
  { subscribed = false }: { subscribed?: boolean } = {},
): FakePush {
  const push: FakePush = {
    permission,
    answer: 'granted',
    subscription: null,
    subscribe: vi.fn<(options: { applicationServerKey: Uint8Array }) => Promise<unknown>>(),
    register: vi.fn<(url: string, options?: RegistrationOptions) => Promise<unknown>>(),
  };
  const makeSubscription = (key: Uint8Array) => {
    const subscription = {
      endpoint: 'https://push.example.com/send/abc',
      options: { applicationServerKey: key.buffer },
      unsubscribe: vi.fn(() => {
        push.subscription = null;
        return Promise.resolve(true);
      }),
      toJSON: () => ({
        endpoint: 'https://push.example.com/send/abc',
        expirationTime: null,
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      }),
    };
    push.subscription = subscription;
    return subscription;
  };
  push.subscribe.mockImplementation((options) =>
    Promise.resolve(makeSubscription(options.applicationServerKey)),
  );
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(push.subscription),
      subscribe: push.subscribe,
    },
  };
  let registered = subscribed;
  if (subscribed) makeSubscription(new Uint8Array(65));
  push.register.mockImplementation(() => {
    registered = true;
    return Promise.resolve(registration);
  });
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return push.permission;
    },
    requestPermission: vi.fn(() => {
      push.permission = push.answer;
      return Promise.resolve(push.answer);
    }),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: push.register,
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registered ? registration : undefined),
    },
  });
  return push;
}

/** Undoes `fakePushBrowser` (call it in afterEach). */
export function restorePushBrowser() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
