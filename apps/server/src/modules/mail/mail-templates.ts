import type { OutgoingMail } from './mail.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f172a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="color:#64748b;font-size:12px">Selah · your prayer journal</p></body></html>`;
}

export function passwordResetMail(to: string, firstName: string, url: string): OutgoingMail {
  const greeting = `Hello ${firstName || 'friend'},`;
  const lines = [
    greeting,
    'Someone asked to reset the password of your Selah account. If it was you, open the link below within one hour to choose a new password.',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Selah password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${url}\n\n${lines[2]}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}

/** The link that confirms a new account's address (sent after sign-up, and again on request). */
export function verifyEmailMail(to: string, firstName: string, url: string): OutgoingMail {
  const lines = [
    `Hello ${firstName || 'friend'},`,
    'Please confirm that this is the e-mail address of your Selah account: open the link below within 24 hours.',
    'If you did not create a Selah account, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Confirm your e-mail address for Selah',
    text: `${lines[0]}\n\n${lines[1]}\n\n${url}\n\n${lines[2]}\n`,
    html: layout('Confirm your e-mail address', lines, { label: 'Confirm my address', url }),
  };
}

/** Sent to the new address of an e-mail change: the change happens when the link is opened. */
export function confirmNewEmailMail(to: string, firstName: string, url: string): OutgoingMail {
  const lines = [
    `Hello ${firstName || 'friend'},`,
    'You asked to sign in to Selah with this e-mail address from now on. Open the link below within 24 hours to make the change; your other devices will then be signed out.',
    'If you did not ask for this, you can ignore this e-mail: nothing changes.',
  ];
  return {
    to,
    subject: 'Confirm your new e-mail address for Selah',
    text: `${lines[0]}\n\n${lines[1]}\n\n${url}\n\n${lines[2]}\n`,
    html: layout('Confirm your new e-mail address', lines, { label: 'Use this address', url }),
  };
}

export function friendInviteMail(to: string, inviterName: string, url: string): OutgoingMail {
  const lines = [
    'Hello,',
    `${inviterName} would like you to join them on Selah, a place to keep prayer journals and pray for one another.`,
    'Create your free account with the link below; their friend request will be waiting for you.',
  ];
  return {
    to,
    subject: `${inviterName} invited you to Selah`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(`${inviterName} invited you to Selah`, lines, { label: 'Join Selah', url }),
  };
}

export function notificationMail(
  to: string,
  message: string,
  url: string,
  settingsUrl: string,
): OutgoingMail {
  const lines = [
    message,
    `You can change which e-mails Selah sends you in your settings: ${settingsUrl}`,
  ];
  return {
    to,
    subject: message.length > 90 ? `${message.slice(0, 87)}...` : message,
    text: `${message}\n\n${url}\n\n${lines[1]}\n`,
    html: layout('Selah', [message], { label: 'Open Selah', url }),
  };
}

/** Someone tried to sign up with an address that already has an account. */
export function accountExistsMail(
  to: string,
  firstName: string,
  loginUrl: string,
  resetUrl: string,
): OutgoingMail {
  const lines = [
    `Hello ${firstName || 'friend'},`,
    'Someone tried to create a Selah account with this e-mail address, which already has one.',
    `If it was you, sign in at ${loginUrl}. If you forgot your password, choose a new one at ${resetUrl}.`,
    'If it was not you, you can ignore this e-mail: nothing has changed.',
  ];
  return {
    to,
    subject: 'You already have a Selah account',
    text: `${lines.join('\n\n')}\n`,
    html: layout('You already have a Selah account', lines, { label: 'Sign in', url: loginUrl }),
  };
}

/** Sent to the old address when an account's e-mail changes (ASVS 6.3.7). */
export function emailChangedMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  const lines = [
    `Hello ${firstName || 'friend'},`,
    `The e-mail address of your Selah account was changed to ${newEmail}, and every other device was signed out.`,
    'If you did not make this change, reset your password at once and contact us: someone may have access to your account.',
  ];
  return {
    to,
    subject: 'Your Selah e-mail address was changed',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Your e-mail address was changed', lines),
  };
}
