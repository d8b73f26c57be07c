// Demo blog posts loaded into an empty database (SEED_DEMO). Content is markdown.

import type { DemoPost } from './types.ts'

const ratlamiSevStory = `Ask anyone in Malwa what goes best with a cup of chai and most will say **sev**. Of all the sev made in this part of Madhya Pradesh, the one people name first is Ratlami sev: thicker than the fine sev you sprinkle on poha, with a sharp, warming bite of clove and black pepper. We make it every week in our kitchen near Sarafa Bazaar, and it was the first thing we ever sold.

## Where Ratlami sev comes from

Ratlam is a town in western Malwa, a few hours by road from Indore, and it has been known for its sev for well over a hundred years. In Ratlam you will hear a story about how it began: that travellers in Mughal times wanted seviyan but there was no wheat to be had, so local Bhil families made strands from gram flour instead. We cannot prove that story, and every old family in Ratlam tells it a little differently, but it does explain why sev in this region is always made from besan.

What we do know is that Ratlami sev travelled. Traders and relatives carried it to Ujjain and Indore, and today almost every namkeen shop in Indore keeps it. To be clear, ours is made here in Indore, in the Ratlami style, to the recipe our family has used for years.

## The spice blend

The character of Ratlami sev comes from a short list of spices, used in the right amounts:

- **Clove (laung):** ground fresh for each batch. It gives the warm, slightly numbing heat you feel at the back of the throat.
- **Black pepper (kali mirch):** sharp and aromatic, and it lifts the clove.
- **Red chilli:** only a little, for colour and a touch of heat on the tongue.
- **Ajwain (carom seeds):** a thyme-like note that goes well with besan.
- **Asafoetida (hing) and salt:** to round everything off.

If you like the clove stronger, try our **Double Laung Sev**, which uses twice as much.

## How we make it

### 1. The dough

We sift the besan and mix in salt, the ground spices and a little hot groundnut oil. Rubbing in this oil (the *moyan*) is what makes sev crisp rather than hard. Water goes in slowly until the dough is soft but not sticky.

### 2. Pressing and frying

The dough is pressed through a brass sev maker with medium holes straight into hot groundnut oil in a large iron kadhai. Each batch fries until it turns golden and the bubbling settles down.

### 3. Cooling and packing

The sev is drained and spread on steel trays until it is completely cool. Packing sev while it is still warm traps steam, and that makes it go soft within days, so we only pack once it is at room temperature.

## How to eat it

- With masala chai in the evening, straight from the packet.
- On **poha with jalebi**, the classic Indori breakfast.
- In **sev tamatar ki sabzi**, added at the very end so it keeps a little bite.
- On bhel and sev puri, or simply with chopped onion, tomato and a squeeze of lemon.

## From Sarafa Bazaar to your home

After the jewellery shops of Sarafa Bazaar close for the night, the lane fills with food stalls, and sev is on almost every plate there. We cannot send you the night market, but we can send you the sev. It is made in our FSSAI-licensed kitchen in Indore and delivered across India in 2-5 business days.

Browse [our sev range](/products?category=Premium%20Products), or read the [FAQ](/faq) if you have questions about delivery and storage.`

const keepNamkeenCrisp = `Namkeen is at its best on the day it is fried. With a little care, it can stay almost as good for weeks. Each of our products has a best-before period on its page, between 60 and 120 days from packing, and these simple habits will help you enjoy every last handful.

## Why namkeen goes soft or stale

There are two enemies:

- **Moisture.** Sev and mixtures are fried until nearly all the water has gone. Leave them open and they pull moisture back out of the air, especially during the monsoon, and turn soft and chewy.
- **Air, heat and light.** The oil in namkeen slowly reacts with air. Heat and sunlight speed this up, and that is what gives old namkeen its stale, bitter smell.

Almost every tip below is about keeping those two away.

## Seven habits that keep it crisp

1. **Move it to an airtight container once opened.** A steel dabba or a glass jar with a good lid works best. Folding the top of the pouch over is fine for a day or two, but not for weeks.
2. **Keep it somewhere cool and dry.** Avoid the shelf above the gas stove, the top of the fridge and any sunny windowsill.
3. **Keep it out of the fridge.** A cold container taken out into a warm kitchen gathers condensation, and that moisture goes straight into the namkeen.
4. **Use a dry spoon and dry hands.** Even a few drops of water from a wet spoon will soften the top layer.
5. **Take out only what you need.** Pour a bowl for the table and close the jar again, instead of leaving the open jar beside the teacups.
6. **Split big packs.** If you buy a 1kg pack, divide it into two or three smaller jars. The ones you are not using stay closed and fresh.
7. **Do not mix old and new.** Finish the old batch first, or keep it in a separate jar, so that stale pieces do not spoil a fresh pack.

## Mixtures with nuts need a little more care

Peanuts and cashews go stale sooner than plain sev. That is why our mixtures, like Navratna and Cornflakes Sweet Mix, carry a shorter best-before period than plain sev such as Fiki Barik Sev. If you are buying for a small household, a 250g or 500g pack that you finish in a couple of weeks is better than a 1kg pack that sits open for a month.

## If it has gone a little soft

Namkeen that has softened but still smells fresh can usually be rescued:

- Spread it on a plate and warm it in a dry kadhai on low heat for two to three minutes, stirring gently.
- Let it cool **completely** before it goes back into the jar, or the steam will undo your work.

If it smells of stale oil or tastes bitter, please do not try to save it. Throw it away.

## How we pack it

We fry in small batches, let everything cool fully on steel trays, and seal it in food-grade pouches the same day in our FSSAI-licensed kitchen in Indore. Orders are packed within 24 hours and delivered across India in 2-5 business days, so the clock on your namkeen starts with a sealed, fresh pack.

If a pack reaches you torn or damaged, please tell us within 48 hours of delivery through our [contact page](/contact), with a photo if you can. You will find more answers on storage and delivery in our [FAQ](/faq).`

const satwikNamkeen = `Every year around Navratri, customers ask us which of our namkeen they can eat during the festival. The honest answer depends on how your family observes it, so here is what our **Satwik** range is, what it is not, and how our customers like to serve it.

## What "satwik" means at Malwa Namkeen

In the old idea of *sattvic* food, meals are simple, fresh and vegetarian, and foods thought to over-stimulate, such as onion and garlic, are left out. In many Indian homes today, "satwik" simply means food cooked without onion and garlic, and that is the meaning we use.

Every product in our [Satwik range](/products?category=Satwik%20Products):

- is made **without onion and garlic**, and also without potato or ginger;
- is **milder**, with little or no chilli;
- is fried in groundnut oil in the same FSSAI-licensed kitchen as the rest of our namkeen, and, like everything we make, is vegetarian.

### A note for fasting days

Satwik is not the same thing as vrat food. Many people who keep a strict vrat avoid grains and pulses, and that includes **besan (gram flour)**, the base of most of our namkeen. Our Cornflakes Sweet Mix also contains maize and barley malt. So our Satwik range suits the many families who give up onion and garlic for Navratri, Shravan or Paryushan, but **not a strict phalahar fast**.

Some of our Satwik namkeen also contains dried turmeric powder. If your family follows a particular rule, please check the ingredients on each product page. We print them exactly as they appear on the pack.

## The Satwik range

- **Fiki Barik Sev:** very fine, plain sev with salt and ajwain and no chilli at all.
- **Satwik Khatta Meetha:** sweet and tangy, with sev, boondi, peanuts and poha.
- **Gujrati Mixture:** mildly sweet, with fennel and sesame.
- **Cornflakes Sweet Mix:** crunchy, lightly sweet, and popular with children.

## Festival uses

### Navratri

Many households stop cooking with onion and garlic for all nine days, even those who are not fasting. A jar of Khatta Meetha or Gujrati Mixture on the table means guests who come for aarti or after garba can be offered something with their tea without anyone having to ask what is in it.

### Diwali

Diwali is when the namkeen tins come out. We suggest one satwik mixture next to the spicier ones, so that elders and guests who avoid onion and garlic have something to enjoy too. Couriers are very busy in the weeks before Diwali. We deliver in 2-5 business days, but ordering a week or two early takes the worry out of it.

## Serving ideas

1. **Satwik chaat:** Khatta Meetha with chopped cucumber, tomato, pomegranate, coriander and a squeeze of lemon.
2. **Dahi topping:** a handful of Fiki Barik Sev over plain curd with roasted jeera powder.
3. **Festival platter:** small bowls of each mixture alongside dry fruits and sweets.
4. **Tiffin treat:** a small box of Cornflakes Sweet Mix for school.

Have a question about a particular ingredient? Our [FAQ](/faq) covers the common ones, and you can always [write to us](/contact).`

const diwaliGiftBoxDraft = `Every year, customers ask us for a ready-made box of namkeen that they can send to family or give to colleagues at Diwali. This year we are putting one together.

## What we are planning

The **Malwa Namkeen Diwali Box** will have four 250g packs in a sturdy printed carton:

- **Premium Ratlami Sev**, our first and best-known product;
- **Navratna Mixture**, the one we put out for guests at Diwali;
- **Satwik Khatta Meetha**, made without onion and garlic, for elders and guests who avoid them;
- **Double Laung Sev**, for those who like a stronger spice.

Each pack is sealed with its full label: ingredients, allergens and best-before date.

## Ordering

We will announce the price and the last order date for Diwali delivery here when the boxes are ready. Delivery across India takes 2-5 business days, and couriers get busy before the festival, so we will ask for orders to come in early.

For larger quantities, such as office gifting, please [contact us](/contact) and we will work out what we can make in time.`

export const demoPosts: DemoPost[] = [
  {
    slug: 'the-story-of-ratlami-sev',
    title: "The Story of Ratlami Sev: From Ratlam to Indore's Sarafa Bazaar",
    excerpt:
      'Where Ratlami sev comes from, why clove and black pepper give it its bite, and how we make it, batch by batch, in our Indore kitchen.',
    content: ratlamiSevStory,
    author: 'Rajendra Soni',
    imageUrl: '/images/products/ratlami-sev-640.webp',
    isPublished: true,
    publishedOn: '2026-08-18',
  },
  {
    slug: 'how-to-keep-namkeen-crisp-for-weeks',
    title: 'How to Keep Namkeen Crisp for Weeks',
    excerpt:
      'Why sev and mixtures go soft or stale, and seven simple kitchen habits that keep every pack crisp until the last handful.',
    content: keepNamkeenCrisp,
    author: 'Malwa Namkeen Team',
    imageUrl: null,
    isPublished: true,
    publishedOn: '2026-09-15',
  },
  {
    slug: 'satwik-namkeen-snacks-for-fasting-and-festivals',
    title: 'Satwik Namkeen: Snacks for Fasting and Festivals',
    excerpt:
      'What satwik means in our kitchen, which fasts our onion- and garlic-free namkeen suits (and which it does not), and ideas for serving it at Navratri and Diwali.',
    content: satwikNamkeen,
    author: 'Malwa Namkeen Team',
    imageUrl: '/images/products/khatta-mitha-mixture-640.webp',
    isPublished: true,
    publishedOn: '2026-10-02',
  },
  {
    slug: 'coming-soon-diwali-gift-box',
    title: 'Coming Soon: The Malwa Namkeen Diwali Box',
    excerpt: 'Four of our favourite namkeen in one gift carton, ready to send to family and friends this Diwali.',
    content: diwaliGiftBoxDraft,
    author: 'Malwa Namkeen Team',
    imageUrl: '/images/products/navaratan-mixture-640.webp',
    isPublished: false,
    publishedOn: '2026-10-20',
  },
]
