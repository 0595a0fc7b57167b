/**
 * Built-in daily content. Verses are from the World English Bible (public domain); quotes are
 * from authors whose works are in the public domain.
 */
export const VERSES: readonly { verse: string; reference: string }[] = [
  {
    verse:
      'Don’t be anxious about anything, but in everything, by prayer and petition with thanksgiving, let your requests be made known to God.',
    reference: 'Philippians 4:6',
  },
  {
    verse:
      'Ask, and it will be given you. Seek, and you will find. Knock, and it will be opened for you.',
    reference: 'Matthew 7:7',
  },
  {
    verse:
      'Rejoice always. Pray without ceasing. In everything give thanks, for this is the will of God in Christ Jesus toward you.',
    reference: '1 Thessalonians 5:16-18',
  },
  { verse: 'Yahweh is my shepherd; I shall lack nothing.', reference: 'Psalm 23:1' },
  {
    verse: 'Trust in Yahweh with all your heart, and don’t lean on your own understanding.',
    reference: 'Proverbs 3:5',
  },
  { verse: 'Be still, and know that I am God.', reference: 'Psalm 46:10' },
  {
    verse: 'Come to me, all you who labor and are heavily burdened, and I will give you rest.',
    reference: 'Matthew 11:28',
  },
  { verse: 'Casting all your worries on him, because he cares for you.', reference: '1 Peter 5:7' },
  {
    verse:
      'Call to me, and I will answer you, and will show you great and difficult things, which you don’t know.',
    reference: 'Jeremiah 33:3',
  },
  { verse: 'The prayer of a righteous person is powerfully effective.', reference: 'James 5:16' },
  {
    verse: 'Delight yourself also in Yahweh, and he will give you the desires of your heart.',
    reference: 'Psalm 37:4',
  },
  {
    verse: 'Yahweh is near to all those who call on him, to all who call on him in truth.',
    reference: 'Psalm 145:18',
  },
  {
    verse: 'We know that all things work together for good for those who love God.',
    reference: 'Romans 8:28',
  },
  {
    verse: 'I can do all things through Christ, who strengthens me.',
    reference: 'Philippians 4:13',
  },
  {
    verse:
      'Those who wait for Yahweh will renew their strength. They will mount up with wings like eagles.',
    reference: 'Isaiah 40:31',
  },
  { verse: 'Your word is a lamp to my feet, and a light for my path.', reference: 'Psalm 119:105' },
  {
    verse:
      'Let us therefore draw near with boldness to the throne of grace, that we may receive mercy and may find grace for help in time of need.',
    reference: 'Hebrews 4:16',
  },
  {
    verse:
      'Yahweh’s loving kindnesses indeed never cease, for his compassion doesn’t fail. They are new every morning. Great is your faithfulness.',
    reference: 'Lamentations 3:22-23',
  },
  {
    verse:
      'Peace I leave with you. My peace I give to you; not as the world gives, I give to you. Don’t let your heart be troubled.',
    reference: 'John 14:27',
  },
  {
    verse: 'God is our refuge and strength, a very present help in trouble.',
    reference: 'Psalm 46:1',
  },
  {
    verse: 'Rejoicing in hope; enduring in troubles; continuing steadfastly in prayer.',
    reference: 'Romans 12:12',
  },
  {
    verse: 'Where two or three are gathered together in my name, there I am in the middle of them.',
    reference: 'Matthew 18:20',
  },
  {
    verse:
      'This is the boldness which we have toward him, that if we ask anything according to his will, he listens to us.',
    reference: '1 John 5:14',
  },
  {
    verse:
      'Don’t be afraid, for I am with you. Don’t be dismayed, for I am your God. I will strengthen you.',
    reference: 'Isaiah 41:10',
  },
  {
    verse: 'Give thanks to Yahweh, for he is good, for his loving kindness endures forever.',
    reference: 'Psalm 107:1',
  },
  {
    verse: 'The Spirit also helps our weaknesses, for we don’t know how to pray as we ought.',
    reference: 'Romans 8:26',
  },
  {
    verse: 'Commit your way to Yahweh. Trust also in him, and he will do this.',
    reference: 'Psalm 37:5',
  },
  {
    verse: 'Now faith is assurance of things hoped for, proof of things not seen.',
    reference: 'Hebrews 11:1',
  },
];

export const QUOTES: readonly { quote: string; author: string }[] = [
  {
    quote: 'Prayer is the key of the morning and the bolt of the evening.',
    author: 'Matthew Henry',
  },
  {
    quote:
      'To be a Christian without prayer is no more possible than to be alive without breathing.',
    author: 'Martin Luther',
  },
  {
    quote: 'Prayer does not fit us for the greater work; prayer is the greater work.',
    author: 'Oswald Chambers',
  },
  {
    quote:
      'The function of prayer is not to influence God, but rather to change the nature of the one who prays.',
    author: 'Søren Kierkegaard',
  },
  {
    quote:
      'Prayer is the simplest form of speech that infant lips can try; prayer the sublimest strains that reach the Majesty on high.',
    author: 'James Montgomery',
  },
  {
    quote:
      'God shapes the world by prayer. The more praying there is in the world the better the world will be.',
    author: 'E. M. Bounds',
  },
  { quote: 'Pray, and let God worry.', author: 'Martin Luther' },
  {
    quote:
      'Thou hast made us for thyself, O Lord, and our heart is restless until it finds its rest in thee.',
    author: 'Augustine of Hippo',
  },
  {
    quote: 'We must practise the presence of God in all things, great and small.',
    author: 'Brother Lawrence',
  },
  {
    quote:
      'The beginning of anxiety is the end of faith, and the beginning of true faith is the end of anxiety.',
    author: 'George Müller',
  },
  {
    quote: 'Prayer is the golden key that can open the wicket of mercy.',
    author: 'Charles Spurgeon',
  },
  {
    quote:
      'Our prayers may be awkward. Our attempts may be feeble. But since the power of prayer is in the one who hears it and not in the one who says it, our prayers do make a difference.',
    author: 'Max Lucado',
  },
  { quote: 'Do not pray for easy lives. Pray to be stronger men.', author: 'Phillips Brooks' },
  {
    quote: 'Groanings which cannot be uttered are often prayers which cannot be refused.',
    author: 'Charles Spurgeon',
  },
  {
    quote: 'Every great movement of God can be traced to a kneeling figure.',
    author: 'D. L. Moody',
  },
  {
    quote: 'Faith sees the invisible, believes the unbelievable, and receives the impossible.',
    author: 'Corrie ten Boom',
  },
  { quote: 'Prayer is not asking. It is a longing of the soul.', author: 'Mahatma Gandhi' },
  { quote: 'He who kneels the most stands the best.', author: 'D. L. Moody' },
  {
    quote: 'I have so much to do that I shall spend the first three hours in prayer.',
    author: 'Martin Luther',
  },
  {
    quote: 'Let your heart be in your prayers, and your prayers in your life.',
    author: 'John Wesley',
  },
  { quote: 'Prayer is conversation with God.', author: 'Clement of Alexandria' },
];
