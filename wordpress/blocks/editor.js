/**
 * The editor side of the blocks pubnet/adslot, pubnet/products, pubnet/offer-link,
 * pubnet/price-comparison and pubnet/loan-offers: no build step, plain wp.* globals. Each
 * block's settings are fields in the sidebar; the preview is the server's own output
 * (ServerSideRender), which the plugin's bundle renders.
 * Block metadata (attributes, title, icon) comes from each block.json.
 * And the post editor's In-text links panel (issue 47): the mentions of the lexicon's merchants
 * in the post as it is edited, and whether each would be linked, from the plugin's route
 * (wordpress/includes/intext/sidebar.php).
 */
(function (wp) {
  'use strict';
  var el = wp.element.createElement;
  var __ = wp.i18n.__;
  var sprintf = wp.i18n.sprintf;
  var InspectorControls = wp.blockEditor.InspectorControls;
  var useBlockProps = wp.blockEditor.useBlockProps;
  var PanelBody = wp.components.PanelBody;
  var TextControl = wp.components.TextControl;
  var ToggleControl = wp.components.ToggleControl;
  var SelectControl = wp.components.SelectControl;
  var Placeholder = wp.components.Placeholder;
  var ServerSideRender = wp.serverSideRender;

  /** A text field bound to one attribute. */
  function text(props, name, label, help) {
    return el(TextControl, {
      key: name,
      label: label,
      help: help,
      value: props.attributes[name] || '',
      onChange: function (value) {
        var next = {};
        next[name] = value;
        props.setAttributes(next);
      },
    });
  }

  /**
   * A choice bound to one attribute ('' is the element's default); each of `values` is
   * `{ label, value }` (or a value, shown as it is).
   */
  function choice(props, name, label, values) {
    return el(SelectControl, {
      key: name,
      label: label,
      value: props.attributes[name] || '',
      options: [{ label: __('Default', 'pubnet-widgets'), value: '' }].concat(
        values.map(function (value) {
          return typeof value === 'string' ? { label: value, value: value } : value;
        }),
      ),
      onChange: function (value) {
        var next = {};
        next[name] = value;
        props.setAttributes(next);
      },
    });
  }

  /** A toggle bound to one boolean attribute. */
  function toggle(props, name, label, help) {
    return el(ToggleControl, {
      key: name,
      label: label,
      help: help,
      checked: !!props.attributes[name],
      onChange: function (value) {
        var next = {};
        next[name] = value;
        props.setAttributes(next);
      },
    });
  }

  /**
   * The edit function of a block: its fields, and its preview once `required` is set (an
   * attribute's name, or several: once one of them is set).
   */
  function edit(name, title, required, fields) {
    return function (props) {
      var ready =
        !required ||
        [].concat(required).some(function (attribute) {
          return props.attributes[attribute];
        });
      return el(
        'div',
        useBlockProps(),
        el(InspectorControls, null, el(PanelBody, { title: title }, fields(props))),
        ready
          ? el(ServerSideRender, { block: name, attributes: props.attributes })
          : el(Placeholder, {
              label: title,
              instructions: __('Fill in the fields in the block settings.', 'pubnet-widgets'),
            }),
      );
    };
  }

  var sid = function (props) {
    return text(
      props,
      'sid',
      __('SubID', 'pubnet-widgets'),
      __('Optional; default from the settings.', 'pubnet-widgets'),
    );
  };

  // The choices several blocks share: their values are the elements', their labels translated.
  var priceUp = function () {
    return { label: __('Price, lowest first', 'pubnet-widgets'), value: 'price' };
  };
  var priceDown = function () {
    return { label: __('Price, highest first', 'pubnet-widgets'), value: '-price' };
  };
  var grid = function () {
    return { label: __('Grid', 'pubnet-widgets'), value: 'grid' };
  };
  var list = function () {
    return { label: __('List', 'pubnet-widgets'), value: 'list' };
  };

  wp.blocks.registerBlockType('pubnet/adslot', {
    edit: edit('pubnet/adslot', __('Pubnet ad slot', 'pubnet-widgets'), 'adslot', function (props) {
      return [text(props, 'adslot', __('Ad slot id', 'pubnet-widgets')), sid(props)];
    }),
    save: function () {
      return null;
    },
  });

  wp.blocks.registerBlockType('pubnet/products', {
    edit: edit('pubnet/products', __('Pubnet products', 'pubnet-widgets'), null, function (props) {
      return [
        text(props, 'query', __('Search', 'pubnet-widgets')),
        text(
          props,
          'brand',
          __('Brand', 'pubnet-widgets'),
          __('Several: Sony|Bose', 'pubnet-widgets'),
        ),
        text(props, 'category', __('Category', 'pubnet-widgets')),
        text(props, 'offer', __('Offer id', 'pubnet-widgets')),
        text(props, 'min_price', __('Lowest price', 'pubnet-widgets')),
        text(props, 'max_price', __('Highest price', 'pubnet-widgets')),
        el(ToggleControl, {
          key: 'sale',
          label: __('On sale only', 'pubnet-widgets'),
          checked: !!props.attributes.sale,
          onChange: function (value) {
            props.setAttributes({ sale: value });
          },
        }),
        choice(props, 'ordering', __('Order', 'pubnet-widgets'), [
          { label: __('Best match', 'pubnet-widgets'), value: '-score' },
          priceUp(),
          priceDown(),
          { label: __('Biggest discount first', 'pubnet-widgets'), value: '-discount' },
          { label: __('Recently updated first', 'pubnet-widgets'), value: '-updated_at' },
          { label: __('Title (A–Z)', 'pubnet-widgets'), value: 'title' },
        ]),
        text(props, 'limit', __('Products (1–48)', 'pubnet-widgets')),
        text(props, 'columns', __('Columns (1–6)', 'pubnet-widgets')),
        choice(props, 'layout', __('Layout', 'pubnet-widgets'), [grid(), list()]),
        sid(props),
      ];
    }),
    save: function () {
      return null;
    },
  });

  wp.blocks.registerBlockType('pubnet/offer-link', {
    edit: edit(
      'pubnet/offer-link',
      __('Pubnet offer link', 'pubnet-widgets'),
      'offer',
      function (props) {
        return [
          text(props, 'offer', __('Offer id', 'pubnet-widgets')),
          text(
            props,
            'deep_link',
            __('Deep link', 'pubnet-widgets'),
            __('Optional: a page of the shop (http or https).', 'pubnet-widgets'),
          ),
          text(props, 'text', __('Link text', 'pubnet-widgets')),
          sid(props),
        ];
      },
    ),
    save: function () {
      return null;
    },
  });

  wp.blocks.registerBlockType('pubnet/price-comparison', {
    edit: edit(
      'pubnet/price-comparison',
      __('Pubnet price comparison', 'pubnet-widgets'),
      ['gtin', 'mpn', 'query'],
      function (props) {
        return [
          text(
            props,
            'gtin',
            __('GTIN (EAN)', 'pubnet-widgets'),
            __('8–14 digits. Give a GTIN, an MPN or a product name.', 'pubnet-widgets'),
          ),
          text(props, 'mpn', __('MPN', 'pubnet-widgets')),
          text(props, 'query', __('Product name', 'pubnet-widgets')),
          choice(props, 'ordering', __('Order', 'pubnet-widgets'), [priceUp(), priceDown()]),
          text(props, 'limit', __('Shops (1–48)', 'pubnet-widgets')),
          text(
            props,
            'show',
            __('Show', 'pubnet-widgets'),
            __('Space-separated: image logo brand. Default: logo.', 'pubnet-widgets'),
          ),
          text(
            props,
            'lead',
            __('Lead', 'pubnet-widgets'),
            __('Optional text above the rows, shown only when there are rows.', 'pubnet-widgets'),
          ),
          sid(props),
        ];
      },
    ),
    save: function () {
      return null;
    },
  });

  wp.blocks.registerBlockType('pubnet/loan-offers', {
    edit: edit(
      'pubnet/loan-offers',
      __('Pubnet loan offers', 'pubnet-widgets'),
      null,
      function (props) {
        var domains = __("Lenders' domains: a.pl|b.pl", 'pubnet-widgets');
        return [
          choice(props, 'type', __('Loan type', 'pubnet-widgets'), [
            { label: __('Short-term', 'pubnet-widgets'), value: 'short_term' },
            { label: __('Long-term', 'pubnet-widgets'), value: 'long_term' },
            { label: __('Both', 'pubnet-widgets'), value: 'short_term|long_term' },
          ]),
          text(props, 'loan_amount', __('Loan amount (zł)', 'pubnet-widgets')),
          text(props, 'loan_period', __('Loan period (days)', 'pubnet-widgets')),
          text(props, 'customer_age', __("Borrower's age", 'pubnet-widgets')),
          toggle(props, 'first_loan_free', __('First loan free', 'pubnet-widgets')),
          toggle(props, 'no_bik', __('No credit register check (BIK)', 'pubnet-widgets')),
          toggle(props, 'no_income_proof', __('No proof of income', 'pubnet-widgets')),
          text(props, 'only', __('Only these lenders', 'pubnet-widgets'), domains),
          text(props, 'exclude', __('Not these lenders', 'pubnet-widgets'), domains),
          text(props, 'pinned', __('These lenders first', 'pubnet-widgets'), domains),
          choice(props, 'ordering', __('Order (highest first)', 'pubnet-widgets'), [
            { label: __('Rating', 'pubnet-widgets'), value: 'rating' },
            { label: __('Loan amount', 'pubnet-widgets'), value: 'max_loan_amount' },
            { label: __('Loan period', 'pubnet-widgets'), value: 'max_loan_period' },
            { label: __('First loan amount', 'pubnet-widgets'), value: 'first_loan_max_amount' },
            { label: __('First loan period', 'pubnet-widgets'), value: 'first_loan_max_period' },
          ]),
          text(
            props,
            'highlight',
            __('Recommended', 'pubnet-widgets'),
            __('How many of the first offers are marked recommended; default 3.', 'pubnet-widgets'),
          ),
          text(props, 'limit', __('Offers (1–100)', 'pubnet-widgets')),
          choice(props, 'layout', __('Layout', 'pubnet-widgets'), [list(), grid()]),
          sid(props),
        ];
      },
    ),
    save: function () {
      return null;
    },
  });
  /** How long the author pauses before the panel asks again (ms). */
  var INTEXT_PAUSE = 800;

  /** Why a mention is not linked, or that it is, as the panel says it. */
  function intextReason(mention, answer) {
    switch (mention.reason) {
      case 'linked':
        return __('Would be linked', 'pubnet-widgets');
      case 'repeat':
        return __('Not linked: this merchant is linked earlier in the post', 'pubnet-widgets');
      case 'paragraph':
        return __('Not linked: its paragraph has a link already', 'pubnet-widgets');
      case 'spacing':
        return sprintf(
          /* translators: 1: words since the previous link, 2: the words a link needs after it. */
          __('Not linked: %1$d words after the previous link (fewer than %2$d)', 'pubnet-widgets'),
          mention.words,
          answer.per_words,
        );
      case 'max':
        return sprintf(
          /* translators: %d: the most in-text links a post gets. */
          __('Not linked: the post has its %d links already', 'pubnet-widgets'),
          answer.max,
        );
      case 'site':
        return __('Not linked: the post links to this merchant already', 'pubnet-widgets');
      case 'closed':
        // prettier-ignore
        return __('Not linked: inside a link, heading, code or another place never linked', 'pubnet-widgets');
      case 'off':
        return __('Not linked: in-text links are off', 'pubnet-widgets');
      default:
        return mention.reason;
    }
  }

  /** Why a post gets no in-text links at all, when it gets none. */
  function intextOff(off) {
    switch (off) {
      case 'off':
        return __('In-text links are off: nothing would be linked.', 'pubnet-widgets');
      case 'posts':
        // prettier-ignore
        return __('In-text links are off for posts (on for comments only): nothing would be linked.', 'pubnet-widgets');
      case 'max':
        return __('Links a post is 0: nothing would be linked.', 'pubnet-widgets');
      default:
        // prettier-ignore
        return __("PHP's mbstring extension is missing on the server: nothing would be linked.", 'pubnet-widgets');
    }
  }

  /**
   * The panel's content: asks the route for the post's mentions after each pause in the
   * author's editing (one request at a time; an answer to older content is dropped).
   */
  function IntextMentions() {
    var useState = wp.element.useState;
    var useEffect = wp.element.useEffect;
    var useRef = wp.element.useRef;
    var post = wp.data.useSelect(function (select) {
      var editor = select('core/editor');
      return { id: editor.getCurrentPostId(), content: editor.getEditedPostContent() };
    }, []);
    var state = useState({ answer: null, error: null, busy: true });
    var shown = state[0];
    var show = state[1];
    var asked = useRef(0);
    useEffect(
      function () {
        var timer = setTimeout(function () {
          var ask = ++asked.current;
          show(function (was) {
            return { answer: was.answer, error: was.error, busy: true };
          });
          wp.apiFetch({
            path: '/pubnet/v1/intext/mentions',
            method: 'POST',
            data: { post: post.id || 0, content: post.content },
          }).then(
            function (answer) {
              if (ask === asked.current) show({ answer: answer, error: null, busy: false });
            },
            function (error) {
              if (ask === asked.current) {
                show({
                  answer: null,
                  error: (error && error.message) || String(error),
                  busy: false,
                });
              }
            },
          );
        }, INTEXT_PAUSE);
        return function () {
          clearTimeout(timer);
        };
      },
      [post.id, post.content],
    );
    var answer = shown.answer;
    var note = function (text, kind) {
      return el('p', { key: kind, className: 'pubnet-intext-note', 'data-note': kind }, text);
    };
    if (shown.error) {
      return note(
        sprintf(
          /* translators: %s: the error's message. */
          __('The mentions could not be listed: %s', 'pubnet-widgets'),
          shown.error,
        ),
        'error',
      );
    }
    if (!answer) {
      return el(wp.components.Spinner);
    }
    var parts = [];
    if (!answer.lexicon) {
      return note(
        // prettier-ignore
        __("There is no lexicon yet: the network's merchants are listed once the plugin has read them (Settings → Pubnet Widgets → In-text links).", 'pubnet-widgets'),
        'no-lexicon',
      );
    }
    if (answer.off) parts.push(note(intextOff(answer.off), 'off'));
    if (!answer.walked) {
      parts.push(
        note(
          __('The post is too complex to read: nothing would be linked.', 'pubnet-widgets'),
          'walk',
        ),
      );
    }
    if (!answer.mentions.length) {
      parts.push(
        note(
          __("No mention of the network's merchants found in the post.", 'pubnet-widgets'),
          'none',
        ),
      );
      return parts;
    }
    parts.push(
      el(
        'ul',
        { key: 'list', className: 'pubnet-intext-mentions' },
        answer.mentions.map(function (mention, index) {
          return el(
            'li',
            {
              key: index,
              'data-reason': mention.reason,
              'data-linked': mention.linked ? 'true' : 'false',
              style: { marginBottom: '8px' },
            },
            el('strong', { className: 'pubnet-intext-text' }, mention.text),
            ' ',
            el('span', { className: 'pubnet-intext-merchant' }, '(' + mention.merchant + ')'),
            el('br'),
            el('span', { className: 'pubnet-intext-reason' }, intextReason(mention, answer)),
          );
        }),
      ),
    );
    if (answer.more) {
      parts.push(
        note(
          __('Only the first mentions are listed: the post has more.', 'pubnet-widgets'),
          'more',
        ),
      );
    }
    if (shown.busy) parts.push(el(wp.components.Spinner, { key: 'busy' }));
    return parts;
  }

  /** Registers the panel in the post editor (WordPress 6.6+: wp.editor; before: wp.editPost). */
  function registerIntextPanel() {
    var Panel =
      (wp.editor && wp.editor.PluginDocumentSettingPanel) ||
      (wp.editPost && wp.editPost.PluginDocumentSettingPanel);
    if (!Panel || !wp.plugins || !wp.apiFetch || !wp.data || !wp.data.useSelect) return;
    wp.plugins.registerPlugin('pubnet-intext', {
      render: function () {
        return el(
          Panel,
          {
            name: 'pubnet-intext-mentions',
            title: __('In-text links', 'pubnet-widgets'),
            className: 'pubnet-intext-panel',
          },
          el(IntextMentions),
        );
      },
    });
  }

  if (wp.domReady) wp.domReady(registerIntextPanel);
  else registerIntextPanel();
})(window.wp);
