/**
 * Texts of the photo wall (`/{slug}/live/wall`, issue 34, decision 0083): a route's approved
 * photos for a projector. 'Muro foto', 'Nascondi' and 'Schermo intero' are the brief's words.
 */
export const PHOTO_WALL_IT = {
  title: 'Muro foto',
  back: 'Indietro',
  route: 'Percorso',
  chooseRoute: 'Scegli un percorso',
  noRoutes: 'Nessun percorso ha tappe con revisione delle foto',
  empty: 'Le foto approvate appariranno qui',
  photoAlt: 'Foto di {{team}}, tappa {{n}}: {{place}}',
  hide: 'Nascondi',
  hideLabel: 'Nascondi la foto di {{team}} ({{place}})',
  hideConfirm: 'Togliere dal muro la foto di {{team}} ({{place}})?',
  hidden: 'Foto tolta dal muro',
  fullScreen: 'Schermo intero',
  exitFullScreen: 'Esci da schermo intero',
};

export const PHOTO_WALL_EN: typeof PHOTO_WALL_IT = {
  title: 'Photo wall',
  back: 'Back',
  route: 'Route',
  chooseRoute: 'Choose a route',
  noRoutes: 'No route has steps with photo review',
  empty: 'Approved photos will appear here',
  photoAlt: 'Photo of {{team}}, step {{n}}: {{place}}',
  hide: 'Hide',
  hideLabel: 'Hide the photo of {{team}} ({{place}})',
  hideConfirm: 'Take the photo of {{team}} ({{place}}) off the wall?',
  hidden: 'Photo taken off the wall',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
};
