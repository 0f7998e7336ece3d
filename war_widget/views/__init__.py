"""Every widget: ``war/`` (``WarWidget``, the War table), ``steal/`` (``StealWarWidget``),
``casino`` (``CasinoWarWidget``), ``records`` (the lifetime record and the saved game a widget
keeps), and what the three tables share: ``ops`` (sizes, colours, draw operations), ``cards``
(card faces and backs, count badges, text that fits, easing) and ``draw`` (the batched painter).
Views import the game, the text and the simulator; nothing below imports a view."""
