// The sentences a refused request is answered with (app/platform/request-input.server.ts); the root
// error page shows one only if it is one of these, never a framework's own message.
export const INPUT_TEXTS = {
  otherSite: 'This form was sent from another site, so it was not taken. Please use the form on our own pages.',
  notAForm: 'This page takes a form. Please go back, refresh the page and send the form again.',
  notFormOrJson: 'This address takes a form or JSON.',
  unreadable: 'We could not read what was sent. Please refresh the page and try again.',
  badJson: 'The request is not valid JSON.',
} as const
