"""The training label rule (rule B: multiset consumption in document order)."""

from webfold.selector.labels import label_blocks, segment_labels


def test_blocks_mostly_in_reference_are_content():
    reference = "The quick brown fox jumps over the lazy dog. It was sunny."
    blocks = ["Home About Contact", "The quick brown fox jumps over the lazy dog.",
              "It was sunny and warm and bright today", "Copyright 2024 Example"]
    assert label_blocks(blocks, reference) == [0, 1, 0, 0]


def test_long_blocks_need_most_of_their_tokens_covered():
    reference = "alpha beta gamma delta epsilon zeta"
    block = "alpha beta gamma delta epsilon zeta eta"
    assert label_blocks([block], reference) == [1]  # 6 of 7 tokens: 0.86
    assert label_blocks([block + " theta"], reference) == [0]  # 6 of 8: 0.75


def test_short_blocks_must_be_fully_covered():
    reference = "Read more about the results"
    assert label_blocks(["Read more", "Read less"], reference) == [1, 0]


def test_a_second_copy_finds_its_tokens_used():
    reference = "Subscribe to the newsletter for weekly updates"
    block = "Subscribe to the newsletter for weekly updates"
    assert label_blocks([block, block], reference) == [1, 0]


def test_rejected_blocks_give_their_tokens_back():
    # The nav item takes "home" and "news" but is rejected (2 of 3 tokens would
    # be enough only for a long block); the article text then still finds them.
    reference = "Home news today: the home team won"
    blocks = ["Home News Sports", "Home news today: the home team won"]
    assert label_blocks(blocks, reference) == [0, 1]


def test_blocks_without_tokens_and_empty_reference():
    assert label_blocks(["", "---", "text"], "text") == [0, 0, 1]
    assert label_blocks(["anything"], "") == [0]


def test_segment_labels_mark_with_and_without_blocks_and_leave_the_rest_out():
    blocks = ["Startseite Kontakt", "Der Fluss trat am Montag über die Ufer und flutete den Markt.",
              "Teilen auf Facebook", "Am Dienstag sank das Wasser wieder."]
    labels, labelled = segment_labels(
        blocks, ("Der Fluss trat am Montag über die Ufer",),
        ("Teilen auf Facebook",))
    assert labels == [0, 1, 0, 0]
    assert labelled == [False, True, True, False]


def test_a_with_segment_over_two_blocks_labels_both():
    segment = ("The bridge reopened on Friday after repairs. "
               "Drivers can use both lanes from six in the morning.")
    blocks = ["The bridge reopened on Friday after repairs.",
              "Drivers can use both lanes from six in the morning.", "Weather"]
    labels, labelled = segment_labels(blocks, (segment,), ())
    assert labels == [1, 1, 0]
    assert labelled == [True, True, False]
