"""Files for the Spark test: sentences written for these tests (in no corpus charscope was
tuned or measured on), in seven families of languages, each family written in its own legacy
encoding. ``write(directory)`` makes 161 files and returns what each one's text is."""

import os
import random
from typing import Dict

# family -> (Python codec, sentences)
FAMILIES = {
    "western": ("cp1252", [
        "Le boulanger du coin ouvre à six heures, même le dimanche, et ses croissants sont déjà tièdes.",
        "Nous avons traversé la forêt à vélo avant que l'orage n'éclate au-dessus du château.",
        "Ma grand-mère préférait le thé très sucré, servi dans des tasses ébréchées.",
        "El próximo miércoles habrá una reunión en la biblioteca para hablar del jardín comunitario.",
        "Mi hermano pequeño aprendió a nadar en el río, detrás de la estación de autobuses.",
        "¿Cuántas veces te he dicho que cierres la puerta cuando sales al balcón?",
        "Die Bäckerei gegenüber verkauft samstags frische Brötchen und süße Teilchen.",
        "Wir müssen die Fahrräder reparieren, bevor der Frühling kommt und alle draußen fahren.",
        "Über die Brücke läuft jeden Morgen ein älterer Herr mit seinem Hund.",
        "A cozinha da avó cheirava a pão quente e a café acabado de fazer.",
        "Não sei se conseguiremos chegar à estação antes das três horas da tarde.",
        "Os pescadores voltaram cedo porque o mar estava agitado e o vento não parava.",
    ]),
    "central": ("cp1250", [
        "Wczoraj wieczorem poszliśmy nad jezioro, żeby popatrzeć na zachód słońca.",
        "Mój sąsiad hoduje pszczoły i co roku przynosi nam słoik świeżego miodu.",
        "Pociąg do Krakowa spóźnił się prawie godzinę z powodu śniegu na torach.",
        "Dzieci bawiły się na podwórku, dopóki mama nie zawołała ich na obiad.",
        "W księgarni przy rynku można kupić stare mapy i pocztówki z przedwojennego miasta.",
        "Zapomniałem parasola, więc wróciłem do domu zupełnie przemoczony.",
        "Včera jsme byli na výletě v horách a večer jsme se vrátili úplně unavení.",
        "Moje babička peče každou neděli švestkový koláč s drobenkou.",
        "Na náměstí hrála kapela a lidé tančili až do půlnoci.",
        "Nezapomeň si vzít teplý svetr, protože v noci bude mrznout.",
        "Tramvaj číslo devět jezdí přes řeku každých deset minut.",
        "Kočka spala celé odpoledne na okenním parapetu v teplém slunci.",
    ]),
    "cyrillic": ("cp1251", [
        "Вчера вечером мы долго гуляли по набережной и разговаривали о будущем.",
        "Моя бабушка каждое лето варит варенье из вишни и малины.",
        "Поезд до Новосибирска отправляется в семь часов утра с третьей платформы.",
        "Дети слепили во дворе огромного снеговика с морковкой вместо носа.",
        "В этом районе открыли новую библиотеку, где можно читать до поздней ночи.",
        "Он забыл ключи на работе и целый час ждал жену у подъезда.",
        "Учитель попросил нас написать сочинение о самом интересном путешествии.",
        "Вчора ми ходили на ринок і купили свіжих овочів та яблук.",
        "Мій брат навчився грати на гітарі, коли йому було дванадцять років.",
        "Снощи валеше силен дъжд и улиците бяха пълни с вода.",
        "На гарата чакахме влака почти два часа, защото имаше авария.",
        "Кошка весь день спала на подоконнике, греясь на солнце.",
    ]),
    "greek": ("iso8859_7", [
        "Χθες το βράδυ περπατήσαμε στην παραλία μέχρι τα μεσάνυχτα.",
        "Η γιαγιά μου φτιάχνει κάθε Κυριακή πίτα με σπανάκι και τυρί.",
        "Το λεωφορείο για το κέντρο της πόλης περνάει κάθε δέκα λεπτά.",
        "Τα παιδιά έπαιζαν στην αυλή μέχρι που άρχισε να βρέχει.",
        "Στο μικρό χωριό του νησιού υπάρχει μόνο ένα καφενείο και μία εκκλησία.",
        "Ξέχασα την ομπρέλα μου στο γραφείο και γύρισα σπίτι μούσκεμα.",
        "Ο δάσκαλος μας ζήτησε να γράψουμε μια έκθεση για το καλοκαίρι.",
        "Οι ψαράδες επέστρεψαν νωρίς γιατί η θάλασσα ήταν πολύ ταραγμένη.",
        "Κάθε πρωί πίνω έναν ελληνικό καφέ πριν φύγω για τη δουλειά.",
        "Η βιβλιοθήκη της γειτονιάς μας είναι ανοιχτή και τα Σάββατα.",
        "Ο αδερφός μου έμαθε να κολυμπάει στη λίμνη πίσω από το σχολείο.",
        "Το τρένο καθυστέρησε σχεδόν μία ώρα λόγω της κακοκαιρίας.",
    ]),
    "japanese": ("shift_jis", [
        "昨日の夕方、駅前の本屋で古い地図を見つけました。",
        "祖母は毎年夏になると、庭でとれた梅で梅干しを作ります。",
        "次の電車は十分遅れて到着するとアナウンスがありました。",
        "子どもたちは公園で雪だるまを作って遊んでいました。",
        "この町には小さな図書館がありますが、夜遅くまで開いています。",
        "会社に傘を忘れてしまったので、家に帰るまでに濡れてしまいました。",
        "先生は夏休みの思い出について作文を書くように言いました。",
        "週末は友達と山に登って、頂上でおにぎりを食べました。",
        "毎朝、出かける前に熱いお茶を一杯飲むのが習慣です。",
        "隣の家の猫は、一日中窓辺で日向ぼっこをしています。",
        "来月から新しい料理教室に通うことにしました。",
        "雨がやんだら、川沿いの道を散歩しましょう。",
    ]),
    "chinese": ("gbk", [
        "昨天晚上我们在河边散步，一直聊到很晚才回家。",
        "我奶奶每年夏天都会用自己种的西红柿做酱。",
        "开往上海的火车因为大雪晚点了将近一个小时。",
        "孩子们在院子里堆了一个很大的雪人，还给它戴了帽子。",
        "我们小区附近新开了一家图书馆，晚上十点才关门。",
        "他把钥匙忘在办公室了，只好在楼下等了妻子一个小时。",
        "老师让我们写一篇关于暑假旅行的作文。",
        "周末我和朋友去爬山，在山顶上吃了自己带的饺子。",
        "每天早上出门之前，我都要喝一杯热茶。",
        "邻居家的猫整个下午都躺在窗台上晒太阳。",
        "下个月我打算报名参加一个学做菜的培训班。",
        "等雨停了以后，我们沿着湖边走一走吧。",
    ]),
    "korean": ("euc_kr", [
        "어제 저녁에 우리는 강가를 따라 오랫동안 산책을 했습니다.",
        "우리 할머니는 매년 여름마다 직접 기른 오이로 김치를 담그십니다.",
        "부산으로 가는 기차가 눈 때문에 거의 한 시간이나 늦었습니다.",
        "아이들은 마당에서 커다란 눈사람을 만들며 놀았습니다.",
        "우리 동네에 새로 생긴 도서관은 밤 열 시까지 문을 엽니다.",
        "그는 회사에 열쇠를 두고 와서 아파트 앞에서 아내를 한 시간 동안 기다렸습니다.",
        "선생님께서 여름 방학 여행에 대한 글을 써 오라고 하셨습니다.",
        "주말에는 친구들과 산에 올라가서 정상에서 김밥을 먹었습니다.",
        "매일 아침 집을 나서기 전에 따뜻한 차를 한 잔 마십니다.",
        "옆집 고양이는 하루 종일 창가에 누워 햇볕을 쬐고 있습니다.",
        "다음 달부터 요리 학원에 다니기로 결심했습니다.",
        "비가 그치면 호숫가를 따라 조금 걸어 봅시다.",
    ]),
}

#: charscope's name of each family's encoding.
CHARSCOPE_NAMES = {
    "cp1252": "windows-1252",
    "cp1250": "windows-1250",
    "cp1251": "windows-1251",
    "iso8859_7": "ISO-8859-7",
    "shift_jis": "Shift_JIS",
    "gbk": "GBK",
    "euc_kr": "EUC-KR",
}

FILES_PER_FAMILY = 23


def write(directory: str, seed: int = 29) -> Dict[str, str]:
    """Writes 161 files (23 per family, 2 to 9 sentences each, some lines joined, some not)
    under ``directory``, one subdirectory per family; returns each file's path and its text."""
    rng = random.Random(seed)
    texts: Dict[str, str] = {}
    for family, (codec, sentences) in FAMILIES.items():
        os.makedirs(os.path.join(directory, family), exist_ok=True)
        for k in range(FILES_PER_FAMILY):
            chosen = rng.sample(sentences, rng.randint(2, 9))
            sep = rng.choice([" ", "\n", "\r\n"])
            text = sep.join(chosen) + ("\n" if rng.random() < 0.7 else "")
            path = os.path.join(directory, family, f"{family}-{k:02d}.txt")
            with open(path, "wb") as f:
                f.write(text.encode(codec))
            texts[os.path.abspath(path)] = text
    return texts
