/**
 * The testimonials' illustrated avatars, drawn in a 96×96 view box, as plain data (the shapes and their attributes, by
 * React's names) that `components/avatar.tsx` draws as inline SVG, the way the icons come from `lucide`.
 */
export type AvatarShape =
  | readonly [
      'circle',
      { readonly cx: number; readonly cy: number; readonly r: number; readonly fill: string },
    ]
  | readonly [
      'ellipse',
      {
        readonly cx: number;
        readonly cy: number;
        readonly rx: number;
        readonly ry: number;
        readonly fill: string;
      },
    ]
  | readonly [
      'path',
      {
        readonly d: string;
        readonly fill: string;
        readonly stroke?: string;
        readonly strokeWidth?: number;
        readonly strokeLinecap?: 'round';
        readonly strokeLinejoin?: 'round';
      },
    ];

/** An avatar: its shapes, painted in order. */
export type AvatarDrawing = readonly AvatarShape[];

const eyes = (cy: number, fill: string): AvatarShape[] => [
  ['circle', { cx: 42, cy, r: 1.8, fill }],
  ['circle', { cx: 54, cy, r: 1.8, fill }],
];

export const sarahMitchellAvatar: AvatarDrawing = [
  ['circle', { cx: 48, cy: 48, r: 48, fill: '#e0e7ff' }],
  ['path', { d: 'M22 44c0-17 11-28 26-28s26 11 26 28v26H22z', fill: '#7c2d12' }],
  ['path', { d: 'M16 96c2-17 15-26 32-26s30 9 32 26z', fill: '#4f46e5' }],
  ['path', { d: 'M41 60h14v12a7 7 0 0 1-14 0z', fill: '#f1c7a5' }],
  ['ellipse', { cx: 48, cy: 46, rx: 16, ry: 19, fill: '#f6d2b5' }],
  ['path', { d: 'M31 42c3-12 11-17 20-17 8 0 14 5 15 13-8 0-17-3-22-9-3 6-8 11-13 13z', fill: '#9a3412' }],
  ...eyes(47, '#1e293b'),
  [
    'path',
    { d: 'M43 55c3 2.5 7 2.5 10 0', stroke: '#b4533a', strokeWidth: 2, fill: 'none', strokeLinecap: 'round' },
  ],
];

export const daveKellettAvatar: AvatarDrawing = [
  ['circle', { cx: 48, cy: 48, r: 48, fill: '#fef3c7' }],
  ['path', { d: 'M14 96c2-18 16-27 34-27s32 9 34 27z', fill: '#0f766e' }],
  ['path', { d: 'M40 58h16v13a8 8 0 0 1-16 0z', fill: '#d9a27c' }],
  ['ellipse', { cx: 48, cy: 45, rx: 17, ry: 19, fill: '#e8b48f' }],
  ['path', { d: 'M31 41c0-11 8-18 17-18s17 6 17 18c-3-5-9-8-17-8s-14 3-17 8z', fill: '#57534e' }],
  ['path', { d: 'M34 52c2 10 8 14 14 14s12-4 14-14c-3 4-8 5-14 5s-11-1-14-5z', fill: '#78716c' }],
  ...eyes(46, '#1e293b'),
  [
    'path',
    {
      d: 'M44 56c2.5 1.5 5.5 1.5 8 0',
      stroke: '#3f3f46',
      strokeWidth: 2,
      fill: 'none',
      strokeLinecap: 'round',
    },
  ],
  [
    'path',
    { d: 'M38 71l10 8 10-8', stroke: '#fde68a', strokeWidth: 3, fill: 'none', strokeLinejoin: 'round' },
  ],
];

export const priyaShahAvatar: AvatarDrawing = [
  ['circle', { cx: 48, cy: 48, r: 48, fill: '#dcfce7' }],
  ['path', { d: 'M26 40c0-15 10-24 22-24s22 9 22 24v38H26z', fill: '#1c1917' }],
  ['path', { d: 'M16 96c2-17 15-26 32-26s30 9 32 26z', fill: '#be185d' }],
  ['path', { d: 'M41 60h14v12a7 7 0 0 1-14 0z', fill: '#b07850' }],
  ['ellipse', { cx: 48, cy: 46, rx: 15.5, ry: 18.5, fill: '#c68a5e' }],
  ['path', { d: 'M32 42c1-11 8-17 16-17s15 6 16 17c-5-6-10-9-16-10-6 1-11 4-16 10z', fill: '#292524' }],
  ...eyes(47, '#1c1917'),
  [
    'path',
    { d: 'M43 55c3 2.5 7 2.5 10 0', stroke: '#7f1d1d', strokeWidth: 2, fill: 'none', strokeLinecap: 'round' },
  ],
  ['circle', { cx: 48, cy: 37, r: 1.4, fill: '#dc2626' }],
];
